import { sql } from 'drizzle-orm';
import { defaultComposeThreads } from '../src/server/config';
import { composeMessage, newMessageId } from '../src/server/mail/compose';
import { sinkCeiling, startSmtpSink } from '../test/fakes/smtp-sink';
import { createReadyCampaign } from '../test/support/factories';
import { httpClient, waitUntil } from '../test/support/http-client';
import { type BenchDb, benchDatabases, startBenchApp } from './bench-app';
import { type BenchResult, report } from './support';

/**
 * 5,000 approved emails through one worker to an SMTP sink with pacing off (10 senders × 500,
 * the daily limit per mailbox), against the sink's own ceiling: nodemailer sending the same
 * pre-composed messages straight to it, no database.
 */
const SENDERS = 10;
const PER_SENDER = 500;
const TOTAL = SENDERS * PER_SENDER;
const results: BenchResult[] = [];

async function measure(kind: BenchDb) {
  const sink = await startSmtpSink();
  // Compose threads as a production worker on this machine would have them.
  const app = await startBenchApp(kind, {
    SMTP_URL: sink.url,
    SEND_PACING: 'false',
    COMPOSE_THREADS: String(defaultComposeThreads()),
  });
  try {
    const senders: { api: ReturnType<typeof httpClient>; campaignId: number }[] = [];
    for (let i = 0; i < SENDERS; i++) {
      const api = httpClient(app.base);
      const me = await api.json('POST', '/api/auth/local', { email: `sender${i}@localhost` });
      void me;
      const user = await api.json('GET', '/api/auth/user');
      const campaign = await createReadyCampaign(app.ctx.db, user.id, PER_SENDER);
      senders.push({ api, campaignId: campaign.id });
    }
    const started = performance.now();
    for (const { api, campaignId } of senders)
      await api.json('POST', `/api/campaigns/${campaignId}/send-approved`);
    await waitUntil(async () => sink.count() >= TOTAL, 300_000, `${TOTAL} messages at the sink`);
    const seconds = (performance.now() - started) / 1000;
    const [row] = (
      (await app.ctx.db.execute(
        sql`select count(*)::int as n from emails where status = 'sent'`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    if (row?.n !== TOTAL || sink.count() !== TOTAL) throw new Error(`sent ${row?.n}, sink ${sink.count()}`);
    const appRate = TOTAL / seconds;

    // The same kind of messages, composed up front, straight to the sink with the same 4 connections.
    const raws: string[] = [];
    const composeStart = performance.now();
    for (let i = 0; i < TOTAL; i++) {
      raws.push(
        await composeMessage({
          from: { name: 'Sender', email: 'sender@localhost' },
          to: `r${i}@example.com`,
          subject: `Hello r${i}@example.com`,
          html: '<p>Hi there</p>',
          signatureHtml: null,
          unsubscribe: { url: 'http://localhost/u/x', mailto: null, footer: null },
          pixelUrl: 'http://localhost/t/o/x.gif',
          messageId: newMessageId('localhost'),
        }),
      );
    }
    const composeMs = (performance.now() - composeStart) / TOTAL;
    sink.reset();
    const ceiling = await sinkCeiling(sink, raws, 4);
    results.push(
      {
        metric: 'send_emails_per_s',
        db: kind,
        value: appRate,
        unit: 'emails/s',
        goal: 200,
        higherIsBetter: true,
      },
      {
        metric: 'sink_ceiling_emails_per_s',
        db: kind,
        value: ceiling,
        unit: 'emails/s',
        goal: null,
        higherIsBetter: true,
      },
      {
        metric: 'send_vs_sink_ceiling',
        db: kind,
        value: appRate / ceiling,
        unit: 'ratio',
        goal: 0.5,
        higherIsBetter: true,
      },
      {
        metric: 'compose_ms_per_email',
        db: kind,
        value: composeMs,
        unit: 'ms',
        goal: null,
        higherIsBetter: false,
      },
      {
        metric: 'overhead_ms_per_email',
        db: kind,
        value: (1 / appRate - 1 / ceiling) * 1000,
        unit: 'ms',
        goal: null,
        higherIsBetter: false,
      },
    );
  } finally {
    await app.close();
    await sink.close();
  }
}

for (const kind of await benchDatabases()) await measure(kind);
report('send', results);

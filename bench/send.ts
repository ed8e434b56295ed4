import { sql } from 'drizzle-orm';
import { defaultComposeThreads } from '../src/server/config';
import { composeMessage, newMessageId } from '../src/server/mail/compose';
import { type SmtpSink, sinkCeiling, startSmtpSink } from '../test/fakes/smtp-sink';
import { createReadyCampaign } from '../test/support/factories';
import { httpClient, waitUntil } from '../test/support/http-client';
import { type BenchDb, benchDatabases, startBenchApp } from './bench-app';
import { type BenchResult, median, report } from './support';

/**
 * 5,000 approved emails through one worker to an SMTP sink with pacing off (10 senders × 500,
 * the daily limit per mailbox), against the sink's own ceiling: nodemailer sending the same
 * kind of pre-composed messages straight to it with the same 4 connections, no database.
 *
 * This machine's neighbours make single runs vary by ±20 %, so each round measures the ceiling
 * right before and right after the app's run and takes the ratio against their mean; the figures
 * are the medians over SEND_ROUNDS rounds (default 5). A round of each is run first, unmeasured:
 * a worker is a long-lived process, and the ceiling is measured warm too.
 */
const SENDERS = 10;
const PER_SENDER = 500;
const TOTAL = SENDERS * PER_SENDER;
const ROUNDS = Number(process.env.SEND_ROUNDS ?? 5);
const CONNECTIONS = 4;
/** Mailboxes per sender in the spread rounds. */
const MAILBOXES = 3;
const results: BenchResult[] = [];

type App = Awaited<ReturnType<typeof startBenchApp>>;

/**
 * Ten senders press "send all approved" together; the clock runs until the last message is at the
 * sink. With `mailboxes`, each sender first sets up that many mailboxes of their own on the sink
 * (a login each, as Settings does) and their campaign is spread over them.
 */
async function sendRound(
  app: App,
  sink: SmtpSink,
  label: string,
  senders: number,
  perSender: number,
  mailboxes?: { count: number; logins: Record<string, string> },
) {
  const campaigns: { api: ReturnType<typeof httpClient>; campaignId: number }[] = [];
  for (let i = 0; i < senders; i++) {
    const api = httpClient(app.base);
    await api.json('POST', '/api/auth/local', { email: `${label}-sender${i}@localhost` });
    const user = await api.json('GET', '/api/auth/user');
    const campaign = await createReadyCampaign(app.ctx.db, user.id, perSender);
    if (mailboxes) {
      const ids: number[] = [];
      for (let m = 0; m < mailboxes.count; m++) {
        const address = `${label}-sender${i}-box${m}@bench.example`;
        mailboxes.logins[address] = `pw-${m}`;
        const smtp = {
          host: '127.0.0.1',
          port: sink.port,
          security: 'none',
          user: address,
          password: `pw-${m}`,
        };
        ids.push((await api.json('POST', '/api/mailboxes', { address, smtp, imap: null })).id);
      }
      await api.json('PUT', `/api/campaigns/${campaign.id}/mailboxes`, { mailboxIds: ids });
    }
    campaigns.push({ api, campaignId: campaign.id });
  }
  const total = senders * perSender;
  sink.reset();
  const started = Date.now();
  await Promise.all(
    campaigns.map(({ api, campaignId }) => api.json('POST', `/api/campaigns/${campaignId}/send-approved`)),
  );
  await waitUntil(async () => sink.count() >= total, 300_000, `${total} messages at the sink`);
  // Up to the moment the sink took the last message (not when the poll above noticed it).
  const finished = Math.max(...sink.messages().map((m) => m.at.getTime()));
  const seconds = (finished - started) / 1000;

  // Every email sent once: each Message-ID once at the sink, and (once the last chunk has
  // recorded its sends, which it does after the sink answered) as many sent rows as messages.
  const ids = campaigns.map((c) => c.campaignId);
  const sentRows = async () => {
    const { rows } = (await app.ctx.db.execute(
      sql`select count(*)::int as n from emails where status = 'sent' and campaign_id = any(${`{${ids.join(',')}}`}::int[])`,
    )) as unknown as { rows: { n: number }[] };
    return rows[0]?.n ?? 0;
  };
  await waitUntil(async () => (await sentRows()) >= total, 30_000, `${total} emails recorded as sent`);
  const distinct = new Set(sink.messages().map((m) => m.messageId)).size;
  const recorded = await sentRows();
  if (recorded !== total || sink.count() !== total || distinct !== total)
    throw new Error(`${label}: ${recorded} sent rows, ${sink.count()} at the sink, ${distinct} distinct`);
  return total / seconds;
}

async function ceilingOf(sink: SmtpSink, raws: string[], auth?: { user: string; pass: string }) {
  sink.reset();
  return sinkCeiling(sink, raws, CONNECTIONS, auth);
}

/**
 * The same rounds with every sender's campaign spread over MAILBOXES mailboxes of their own (each
 * its own login and connection pool on a sink that requires one), against that sink's ceiling
 * measured with a login too.
 */
async function measureMailboxes(kind: BenchDb, raws: string[]) {
  const logins: Record<string, string> = { 'ceiling@localhost': 'ceiling-pw' };
  const sink = await startSmtpSink({ users: logins });
  const app = await startBenchApp(kind, {
    SEND_PACING: 'false',
    COMPOSE_THREADS: String(defaultComposeThreads()),
  });
  const auth = { user: 'ceiling@localhost', pass: 'ceiling-pw' };
  try {
    await sendRound(app, sink, `${kind}-mb-warmup`, 1, PER_SENDER, { count: MAILBOXES, logins });
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = await ceilingOf(sink, raws, auth);
      const rate = await sendRound(app, sink, `${kind}-mb${round}`, SENDERS, PER_SENDER, {
        count: MAILBOXES,
        logins,
      });
      const after = await ceilingOf(sink, raws, auth);
      ratios.push(rate / ((before + after) / 2));
      console.log(
        `${kind} ${MAILBOXES} mailboxes round ${round + 1}/${ROUNDS}: ${Math.round(rate)} emails/s, ceiling ${Math.round(before)}/${Math.round(after)}, ratio ${ratios.at(-1)!.toFixed(2)}`,
      );
    }
    results.push({
      metric: `send_${MAILBOXES}_mailboxes_vs_sink_ceiling`,
      db: kind,
      value: median(ratios),
      unit: 'ratio',
      goal: 0.5,
      higherIsBetter: true,
    });
  } finally {
    await app.close();
    await sink.close();
  }
}

async function measure(kind: BenchDb) {
  const sink = await startSmtpSink();
  // Compose threads as a production worker on this machine would have them.
  const app = await startBenchApp(kind, {
    SMTP_URL: sink.url,
    SEND_PACING: 'false',
    COMPOSE_THREADS: String(defaultComposeThreads()),
  });
  try {
    // The same kind of messages for the ceiling, composed up front (which also times composing).
    const raws: string[] = [];
    const composeStart = performance.now();
    for (let i = 0; i < TOTAL; i++)
      raws.push(
        composeMessage({
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
    const composeMs = (performance.now() - composeStart) / TOTAL;
    composed = raws;

    await sendRound(app, sink, `${kind}-warmup`, 1, PER_SENDER);
    await ceilingOf(sink, raws.slice(0, PER_SENDER));

    const rates: number[] = [];
    const ceilings: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = await ceilingOf(sink, raws);
      const rate = await sendRound(app, sink, `${kind}-round${round}`, SENDERS, PER_SENDER);
      const after = await ceilingOf(sink, raws);
      const ceiling = (before + after) / 2;
      rates.push(rate);
      ceilings.push(ceiling);
      ratios.push(rate / ceiling);
      console.log(
        `${kind} round ${round + 1}/${ROUNDS}: ${Math.round(rate)} emails/s, ceiling ${Math.round(before)}/${Math.round(after)}, ratio ${(rate / ceiling).toFixed(2)}`,
      );
    }
    const appRate = median(rates);
    const ceiling = median(ceilings);
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
        value: median(ratios),
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

let composed: string[] = [];
for (const kind of await benchDatabases()) {
  await measure(kind);
  await measureMailboxes(kind, composed);
}
report('send', results);

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rawHeader, type SmtpSink, startSmtpSink } from '../fakes/smtp-sink';
import { createCampaignThroughApi, createTemplateThroughApi } from '../support/api-campaign';
import { httpClient, waitUntil } from '../support/http-client';
import { adminQuery, databaseUrl } from '../support/postgres';
import { seededRandom } from '../support/seeded-random';
import { type ServerProcess, spawnServer } from '../support/spawn-server';

const TRIALS = Number(process.env.SEQUENCE_CRASH_TRIALS ?? 20);
const RECIPIENTS = 60;
/** The first email and two follow-ups. */
const STEPS = 3;

type Row = { id: number; step: number; recipient_id: number; status: string; message_id: string | null };

/**
 * Follow-ups on PostgreSQL with one web and two worker processes, which share a clock file. The
 * test moves the app's clock through the follow-ups' due times in small steps, and after each
 * step SIGKILLs one of the workers (in turn), alternately right around the release and after a
 * few of the sends it starts, then starts it again. Half the kills fall among step 2's due times,
 * half among step 3's. Sends the kills interrupted come back as "delivery unknown" and are
 * settled as a user would (from the sink: SMTP has no Sent folder); then every email of every
 * step must have reached the sink exactly once, each follow-up in its recipient's thread.
 */
describe.runIf(inject('pgTemplate') || process.env.CI)('follow-ups survive killed workers', () => {
  const random = seededRandom('sequence-crash');
  let sink: SmtpSink;
  let dbName = '';
  let db: pg.Client;
  let clockFile = '';
  const processes: ServerProcess[] = [];
  beforeAll(async () => {
    const template = inject('pgTemplate');
    if (!template) throw new Error('The follow-up kill trials need PostgreSQL: set TEST_DATABASE_URL');
    dbName = `${template.name.replace('tailor_tpl', 'tailor_t')}_seqcrash_${crypto.randomBytes(3).toString('hex')}`;
    await adminQuery(template.serverUrl, `CREATE DATABASE ${dbName} TEMPLATE ${template.name}`);
    db = new pg.Client({ connectionString: databaseUrl(template.serverUrl, dbName) });
    await db.connect();
    // A slow server keeps each send in flight long enough for a kill to land on it.
    sink = await startSmtpSink({ acceptDelayMs: 30 });
    clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-seq-clock-')), 'offset');
    fs.writeFileSync(clockFile, '0');
  });
  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    await db?.end();
    await sink?.close();
    const template = inject('pgTemplate');
    if (template && dbName)
      await adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    if (clockFile) fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
  });

  it(`sends every step exactly once, in its thread, across ${TRIALS} kills of two workers around due times`, async () => {
    const env = {
      DATABASE_URL: databaseUrl(inject('pgTemplate')!.serverUrl, dbName),
      SECRET_KEY: 'sequence-crash-secret-key-long-enough-01',
      HOST: '127.0.0.1',
      PORT: '0',
      LOCAL_SIGN_IN: 'true',
      SMTP_URL: sink.url,
      // Paced (one send per 100 ms for the mailbox, shared by both workers): a release's sends
      // spread over a second or so, and a kill lands among them.
      SEND_PACING: 'true',
      SMTP_SENDS_PER_MINUTE: '600',
      // A killed worker's claims and fetched jobs are taken over after 2 s, not 2 minutes.
      SENDING_LEASE_SECONDS: '2',
      JOB_MAINTENANCE_SECONDS: '1',
      CLOCK_OFFSET_FILE: clockFile,
      COMPOSE_THREADS: '0',
    };
    const startWorker = () => {
      const p = spawnServer('worker', env);
      processes.push(p);
      return p;
    };
    const web = spawnServer('web', env);
    processes.push(web);
    const workers = [startWorker(), startWorker()];
    const base = await web.url(90_000);
    await Promise.all(workers.map((w) => w.waitFor(/Tailor worker started/, 90_000)));

    const api = httpClient(base);
    await api.json('POST', '/api/auth/local', { email: 'sequences@localhost' });
    const first = await createTemplateThroughApi(api, 'fixed');
    const followUp = await api.json('POST', '/api/templates', {
      name: 'Follow-up',
      type: 'template',
      subjectTemplate: 'unused: a follow-up replies in the thread',
      bodyTemplate: '<p>Just checking in, {{ first_name }}</p>',
      variables: ['email', 'first_name'],
    });
    const campaignId = await createCampaignThroughApi(api, {
      name: 'Kill trials',
      templateId: first.id,
      count: RECIPIENTS,
      address: (i) => `seq${i}@example.com`,
      // In business days, so step 3 falls on a later day than step 2 whatever the weekday: each is
      // due from the step before's real send time, while the app's clock runs ahead of it.
      steps: [1, 3].map((delayDays) => ({ delayDays, businessDays: true, templateId: followUp.id })),
    });
    await (await api.request('POST', `/api/campaigns/${campaignId}/generate-emails`)).text();
    expect((await api.json('POST', `/api/campaigns/${campaignId}/approve-all`)).approved).toBe(
      RECIPIENTS * STEPS,
    );
    await api.json('POST', `/api/campaigns/${campaignId}/send-approved`);

    const rows = async () =>
      (
        await db.query<Row>(
          'select id, step, recipient_id, status, message_id from emails where campaign_id = $1 order by id',
          [campaignId],
        )
      ).rows;
    /** Waits until every email of `step` left "sending", settles "delivery unknown" as a user would, then until all are sent. */
    const settleStep = async (step: number) => {
      let last: Row[] = [];
      const of = (all: Row[]) => all.filter((r) => r.step === step);
      await waitUntil(
        async () => {
          last = of(await rows());
          return last.every((r) => r.status === 'sent' || r.status === 'unknown');
        },
        120_000,
        `step ${step} settled`,
      ).catch((err) => {
        const counts: Record<string, number> = {};
        for (const r of last) counts[r.status] = (counts[r.status] ?? 0) + 1;
        throw new Error(`${(err as Error).message}: ${JSON.stringify(counts)}`);
      });
      const atSink = new Set(sink.messages().map((m) => m.messageId));
      for (const r of last.filter((x) => x.status === 'unknown'))
        await api.json('POST', `/api/emails/${r.id}/resolve`, {
          action: atSink.has(r.message_id!) ? 'mark-sent' : 'resend',
        });
      await waitUntil(
        async () => of(await rows()).every((r) => r.status === 'sent'),
        60_000,
        `step ${step} sent`,
      );
    };
    await settleStep(1);

    let killed = 0;
    let midSend = 0;
    for (const step of [2, 3]) {
      // The step's due times, once the step before went out (each has a random gap of its own).
      const { rows: due } = await db.query<{ at: Date }>(
        `select scheduled_for as at from emails
          where campaign_id = $1 and step = $2 and status = 'scheduled' order by scheduled_for`,
        [campaignId, step],
      );
      const { rows: states } = await db.query(
        'select step, status, count(*)::int as n from emails where campaign_id = $1 group by 1, 2 order by 1, 2',
        [campaignId],
      );
      expect(due, JSON.stringify(states)).toHaveLength(RECIPIENTS);
      const trials = step === 2 ? Math.ceil(TRIALS / 2) : Math.floor(TRIALS / 2);
      for (let trial = 0; trial < trials; trial++) {
        // Move the clock past the next share of due times: both workers see it and release.
        // The one to kill is up (the other may still be starting after its own kill).
        const victim = workers[killed % 2]!;
        await victim.waitFor(/Tailor worker started/, 90_000);
        const from = Math.ceil((trial * due.length) / trials);
        const to = Math.ceil(((trial + 1) * due.length) / trials);
        const before = sink.count();
        fs.writeFileSync(clockFile, String(due[to - 1]!.at.getTime() + 1_000 - Date.now()));
        // Every other kill lands right around the release itself (the clock just moved); the rest
        // once a few of this release's sends have arrived: by progress, not by time, so a machine
        // slowed by other work still kills mid-send.
        if (trial % 2 === 0) await new Promise((resolve) => setTimeout(resolve, random.int(0, 300)));
        else {
          const some = random.int(1, Math.max(1, to - from - 3));
          await waitUntil(async () => sink.count() - before >= some, 60_000, `${some} sends of the release`);
        }
        victim.child.kill('SIGKILL');
        await victim.exited;
        // Did it die with this release's sends under way (some out, not all)?
        const sent = sink.count() - before;
        if (sent > 0 && sent < to - from) midSend++;
        workers[killed % 2] = startWorker();
        killed++;
      }
      await settleStep(step);
    }
    expect(killed).toBe(TRIALS);
    console.log(`sequence kill trials: ${midSend} of ${killed} kills fell while a release was being sent`);
    // Not every kill can land mid-send, but many must, or the trials prove little.
    expect(midSend).toBeGreaterThanOrEqual(Math.floor(TRIALS / 4));

    // Every email went out exactly once, each follow-up a reply to the step before in one thread.
    const all = await rows();
    const copies = new Map<string, number>();
    for (const m of sink.messages()) copies.set(m.messageId!, (copies.get(m.messageId!) ?? 0) + 1);
    expect(all).toHaveLength(RECIPIENTS * STEPS);
    expect(sink.count()).toBe(RECIPIENTS * STEPS);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    const byId = new Map(sink.messages().map((m) => [m.messageId!, m.raw]));
    for (const r of all) {
      expect(byId.has(r.message_id!)).toBe(true);
      if (r.step === 1) continue;
      const thread = all
        .filter((x) => x.recipient_id === r.recipient_id && x.step < r.step)
        .sort((a, b) => a.step - b.step)
        .map((x) => x.message_id);
      const raw = byId.get(r.message_id!)!;
      expect(rawHeader(raw, 'In-Reply-To')).toBe(thread.at(-1));
      expect(rawHeader(raw, 'References')?.split(/\s+/)).toEqual(thread);
    }
  }, 600_000);
});

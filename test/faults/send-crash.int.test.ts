import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../fakes/smtp-sink';
import { createCampaignThroughApi, createTemplateThroughApi } from '../support/api-campaign';
import { httpClient, waitUntil } from '../support/http-client';
import { seededRandom } from '../support/seeded-random';
import { type ServerProcess, spawnServer } from '../support/spawn-server';

const TRIALS = Number(process.env.SEND_CRASH_TRIALS ?? 20);

/** Trials run in two lanes at once, each its own server, database and sink: a trial mostly waits. */
const LANES = 2;

/**
 * The worker is SIGKILLed mid-campaign, 20 times, at random moments. Each time it restarts, the
 * interrupted sends are settled (SMTP has no Sent folder to ask, so the test answers as a user
 * would, from the sink), and every approved email must reach the sink exactly once. Trials
 * alternate between a paced mailbox (one email per job) and an unpaced one (batched sends,
 * composed on a thread), so both send paths are killed mid-flight.
 */
describe('sending survives a killed worker', () => {
  const lanes: { sink: SmtpSink; server: ServerProcess | null; dataDir: string }[] = [];
  afterAll(async () => {
    for (const lane of lanes) {
      lane.server?.child.kill('SIGKILL');
      await lane.sink.close();
      fs.rmSync(lane.dataDir, { recursive: true, force: true });
    }
  });

  /** Runs `trials` on a server of its own; returns how many kills landed before the campaign was out. */
  async function runLane(laneNumber: number, trials: number[]) {
    // A slow server (30 ms a message) keeps unpaced batches in flight long enough to be killed.
    const sink = await startSmtpSink({ acceptDelayMs: 30 });
    const lane = {
      sink,
      server: null as ServerProcess | null,
      base: '',
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-send-crash-')),
    };
    lanes.push(lane);
    const env = {
      DATA_DIR: lane.dataDir,
      // A free port chosen by the OS at each start: a fixed one can be taken by a parallel run.
      PORT: '0',
      HOST: '127.0.0.1',
      SECRET_KEY: 'send-crash-secret-key-long-enough-00001',
      // Paced: one send per 100 ms per mailbox, so a kill lands in the middle of a campaign.
      SEND_PACING: 'true',
      SMTP_SENDS_PER_MINUTE: '600',
      SMTP_URL: sink.url,
      COMPOSE_THREADS: '1',
    };
    /** Each start listens on a new port: `lane.base` follows it. */
    const start = async (paced: boolean) => {
      env.SEND_PACING = String(paced);
      lane.server = spawnServer('all', env);
      lane.base = await lane.server.url();
      await lane.server.waitFor(/Tailor is running/);
      return lane.server;
    };
    const random = seededRandom(`send-crash lane ${laneNumber}`);
    let killedMidway = 0;
    for (const trial of trials) {
      const paced = trial % 2 === 0;
      const EMAILS = paced ? 25 : 100;
      const server = lane.server ?? (await start(paced));
      // A sender per trial: resends after a crash count against the daily limit like any send.
      let api = httpClient(lane.base);
      await api.json('POST', '/api/auth/local', { email: `crash-${trial}@localhost` });
      const template = await createTemplateThroughApi(api, 'fixed');
      const campaign = {
        id: await createCampaignThroughApi(api, {
          name: `Trial ${trial}`,
          templateId: template.id,
          count: EMAILS,
          address: (i) => `t${trial}-r${i}@example.com`,
        }),
      };
      await (await api.request('POST', `/api/campaigns/${campaign.id}/generate-emails`)).text();
      await api.json('POST', `/api/campaigns/${campaign.id}/approve-all`);
      const before = sink.count();
      await api.json('POST', `/api/campaigns/${campaign.id}/send-approved`);

      // Kill at a random moment while the campaign is going out.
      const killAt = before + random.int(1, EMAILS - 2);
      await waitUntil(async () => sink.count() >= killAt, 20_000, 'some sends');
      server.child.kill('SIGKILL');
      await server.exited;
      if (sink.count() - before < EMAILS) killedMidway++;
      // Restarted in the next trial's mode: the interrupted sends are settled either way.
      const restarted = await start(!paced);
      // The same signed-in user (sessions live in the database) at the new address.
      api = httpClient(lane.base, api.cookie());

      const page = async () =>
        (await api.json('GET', `/api/campaigns/${campaign.id}/emails?limit=500`)).items as {
          id: number;
          status: string;
          messageId: string | null;
        }[];
      // Interrupted sends come back as "delivery unknown"; settle them as a user checking Sent would.
      let last: { status: string }[] = [];
      const settled = await waitUntil(
        async () => {
          const items = await page();
          last = items;
          return items.every((x) => ['sent', 'unknown'].includes(x.status)) ? items : false;
        },
        30_000,
        'sends settled after restart',
      ).catch((err) => {
        const counts: Record<string, number> = {};
        for (const x of last) counts[x.status] = (counts[x.status] ?? 0) + 1;
        throw new Error(
          `${(err as Error).message} (trial ${trial}: ${JSON.stringify(counts)})\n${restarted.output().slice(-3000)}`,
        );
      });
      const atSink = new Set(sink.messages().map((m) => m.messageId));
      for (const e of settled.filter((x) => x.status === 'unknown')) {
        await api.json('POST', `/api/emails/${e.id}/resolve`, {
          action: atSink.has(e.messageId!) ? 'mark-sent' : 'resend',
        });
      }
      await waitUntil(async () => (await page()).every((x) => x.status === 'sent'), 30_000, 'all sent');

      const delivered = sink
        .messages()
        .slice(before)
        .map((m) => m.messageId);
      expect(new Set(delivered).size).toBe(delivered.length);
      expect(delivered).toHaveLength(EMAILS);
    }
    return killedMidway;
  }

  it(`delivers every approved email exactly once across ${TRIALS} kills`, async () => {
    // Consecutive trials per lane, so each lane alternates paced and unpaced as one server would.
    const perLane = Math.ceil(TRIALS / LANES);
    const killedMidway = await Promise.all(
      Array.from({ length: LANES }, (_, lane) =>
        runLane(
          lane,
          Array.from({ length: TRIALS }, (_, i) => i).slice(lane * perLane, (lane + 1) * perLane),
        ),
      ),
    );
    expect(killedMidway.reduce((a, b) => a + b, 0)).toBeGreaterThan(TRIALS / 2);
  }, 600_000);
});

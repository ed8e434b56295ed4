import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { isClaimCheck, startFakeAi } from '../fakes/ai-server';
import { startSmtpSink } from '../fakes/smtp-sink';
import { createCampaignThroughApi, createTemplateThroughApi } from '../support/api-campaign';
import { httpClient, waitUntil } from '../support/http-client';
import { startTestApp, testDatabases } from '../support/test-app';

/**
 * A real minute: the default retry settings (AI_MAX_RETRIES, SEND_MAX_ATTEMPTS, job backoff) must
 * outlast it. PROVIDER_OUTAGE_SECONDS shortens it where only the runtime varies (the Node lines run).
 */
const OUTAGE_MS = Number(process.env.PROVIDER_OUTAGE_SECONDS ?? 60) * 1000;
const RECIPIENTS = 40;

/**
 * The AI provider answers 500 and the mail server answers 451 (SMTP's "try again later") to
 * everything for a minute, while one campaign is being generated and another is being sent. With
 * the default retry settings, both finish once the providers are back: every email generated
 * once and sent once, none marked failed. The two databases run side by side to keep the file
 * at about one outage long.
 */
/**
 * The two apps start one after the other, then live through their outages side by side. Creating
 * the embedded database once held this thread for up to 10 s on a loaded 2-core machine, and an app
 * starting beside it ran out Fastify's plugin timeout ("Plugin did not start in time:
 * '@fastify/cookie'": that plugin waits on a dynamic import, so a stretch held meanwhile counts
 * against it). Creation now runs on a thread of its own and the migrations let the event loop in
 * (test/startup.int.test.ts); starting one app at a time still keeps the two starts from competing.
 */
let startups: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(start: () => Promise<T>): Promise<T> {
  const started = startups.then(start);
  startups = started.catch(() => {});
  return started;
}

describe.concurrent('provider outages', () => {
  for (const kind of testDatabases()) {
    it(`generation and sending resume after a ${OUTAGE_MS / 1000}-second outage (${kind})`, async () => {
      const ai = await startFakeAi({ latencyMs: 20 });
      const sink = await startSmtpSink();
      const t = await oneAtATime(() =>
        startTestApp(
          kind,
          {
            ...ai.env,
            AI_CONCURRENCY: '4',
            SMTP_URL: sink.url,
            SEND_PACING: 'false',
            JOB_MAINTENANCE_SECONDS: '1',
            GENERATION_CHUNK_SECONDS: '2',
          },
          { listen: true },
        ),
      );
      try {
        const api = httpClient(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
        await api.json('POST', '/api/auth/local', { email: `outage-${kind}@localhost` });
        const upload = (name: string, templateId: number) =>
          createCampaignThroughApi(api, {
            name,
            templateId,
            count: RECIPIENTS,
            address: (i) => `${name}-${i}@example.com`,
          });
        const aiTemplate = await createTemplateThroughApi(api, 'ai');
        const fixedTemplate = await createTemplateThroughApi(api, 'fixed');
        const generated = await upload('gen', aiTemplate.id);
        const sent = await upload('send', fixedTemplate.id);
        // The campaign to send is written from its template (no AI), before the outage.
        await (await api.request('POST', `/api/campaigns/${sent}/generate-emails`)).text();
        await api.json('POST', `/api/campaigns/${sent}/approve-all`);

        ai.failAll({ kind: 'status', status: 500 });
        sink.failAll(451);
        const outageEnds = Date.now() + OUTAGE_MS;
        const stream = await api.request('POST', `/api/campaigns/${generated}/generate-emails`);
        expect(stream.status).toBe(200);
        await stream.body?.cancel();
        expect((await api.json('POST', `/api/campaigns/${sent}/send-approved`)).successCount).toBe(
          RECIPIENTS,
        );
        await sleep(outageEnds - Date.now());
        // Same tick as the end of the outage: the fake decides a request's fate as it records it.
        // Writing requests only: the draft checks' claim check reads the drafts once they are written.
        const writing = () => ai.requests.filter((r) => !isClaimCheck(r)).length;
        const duringOutage = writing();
        ai.failAll(null);
        sink.failAll(null);
        // Both providers were asked, and refused, during the outage (so it was really hit).
        expect(ai.requests.length).toBeGreaterThan(0);
        expect(sink.refused()).toBeGreaterThan(0);
        expect(sink.count()).toBe(0);

        type Email = { recipientId: number; status: string };
        const emailsOf = async (id: number) =>
          (await api.json('GET', `/api/campaigns/${id}/emails?limit=500`)).items as Email[];
        let last: Record<string, unknown> = {};
        const report = (err: unknown) => {
          throw new Error(`${(err as Error).message}: ${JSON.stringify(last)}`);
        };
        await waitUntil(
          async () => {
            const campaign = await api.json('GET', `/api/campaigns/${generated}`);
            last = { status: campaign.status, generation: campaign.generation };
            return campaign.status === 'ready';
          },
          60_000,
          'generation to finish',
        ).catch(report);
        const drafts = await emailsOf(generated);
        expect(drafts).toHaveLength(RECIPIENTS);
        expect(new Set(drafts.map((e) => e.recipientId)).size).toBe(RECIPIENTS);
        expect(drafts.every((e) => e.status === 'draft')).toBe(true);
        // After the outage each recipient took exactly one successful AI call.
        expect(writing() - duringOutage).toBe(RECIPIENTS);

        // A retry scheduled just before the end of the minute comes about a minute later.
        await waitUntil(
          async () => {
            const emails = await emailsOf(sent);
            const counts: Record<string, number> = {};
            for (const e of emails) counts[e.status] = (counts[e.status] ?? 0) + 1;
            last = counts;
            return emails.every((e) => e.status === 'sent');
          },
          150_000,
          'every email sent',
        ).catch(report);
        const delivered = sink.messages().flatMap((m) => m.envelope.to);
        expect(delivered).toHaveLength(RECIPIENTS);
        expect(new Set(delivered).size).toBe(RECIPIENTS);
      } finally {
        await t.close();
        await Promise.all([ai.close(), sink.close()]);
      }
    }, 300_000);
  }
});

import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generateEmailsJob } from '../../src/server/jobs/generate-emails';
import { AI_GAVE_UP, beginGeneration } from '../../src/server/services/generation';
import { startFakeAi } from '../fakes/ai-server';
import { createCampaignThroughApi, createTemplateThroughApi } from '../support/api-campaign';
import { personalWorkspaceOf } from '../support/factories';
import { httpClient, waitUntil } from '../support/http-client';
import { startTestApp, testDatabases } from '../support/test-app';

const RECIPIENTS = 6;

/**
 * An AI outage that outlasts the generation job's retries: the campaign goes back to draft with a
 * message saying why (rather than "generating" for ever), keeps nothing half-done, and generating
 * again once the provider is back writes every email. The job here gets one retry after 1 s
 * instead of the real nine with backoff (about half an hour); the path it takes is the same.
 */
describe.each(testDatabases())('generation that runs out of retries (%s)', (kind) => {
  it('stops with a message, then resumes when asked again', async () => {
    const ai = await startFakeAi({ latencyMs: 5 });
    const t = await startTestApp(kind, { ...ai.env, AI_MAX_RETRIES: '0' }, { listen: true });
    try {
      const api = httpClient(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
      await api.json('POST', '/api/auth/local', { email: `gives-up-${kind}@localhost` });
      const user = await api.json('GET', '/api/auth/user');
      const template = await createTemplateThroughApi(api, 'ai');
      const campaignId = await createCampaignThroughApi(api, {
        name: 'outage',
        templateId: template.id,
        count: RECIPIENTS,
        address: (i) => `r${i}@example.com`,
      });

      ai.failAll({ kind: 'status', status: 500 });
      const deps = { db: t.ctx.db, ai: t.ctx.ai, aiConcurrency: 2 };
      const workspaceId = await personalWorkspaceOf(t.ctx.db, user.id);
      expect(await beginGeneration(deps, { workspaceId, userId: user.id }, campaignId)).toEqual({
        userId: user.id,
        campaignId,
      });
      const ids = { campaignId, userId: user.id };
      await t.ctx.jobs.enqueue(generateEmailsJob, ids, {
        singletonKey: `campaign-${campaignId}`,
        retryLimit: 1,
        retryDelay: 1,
        retryBackoff: false,
      });

      const campaign = await waitUntil(
        async () => {
          const c = await api.json('GET', `/api/campaigns/${campaignId}`);
          return c.status === 'draft' && c;
        },
        30_000,
        'the campaign back in draft',
      );
      expect(campaign.generation.error).toBe(AI_GAVE_UP);
      // The job ran twice (its one retry) and the second run ended it cleanly; no email was written.
      // pg-boss marks the job done after the handler has returned, so a busy machine can show the
      // draft while the job is still "active": wait for the job's own end.
      const jobs = async () =>
        (
          (await t.ctx.db.execute(
            sql`select retry_count as "retryCount", state from pgboss.job
                where name = ${generateEmailsJob.name} and (data->>'campaignId')::int = ${campaignId}`,
          )) as unknown as { rows: { retryCount: number; state: string }[] }
        ).rows;
      const ended = await waitUntil(
        async () => {
          const rows = await jobs();
          return rows.every((r) => ['completed', 'failed', 'cancelled'].includes(r.state)) && rows;
        },
        30_000,
        'the generation job ended',
      );
      expect(ended).toEqual([{ retryCount: 1, state: 'completed' }]);
      expect(ai.requests.length).toBeGreaterThan(0);
      expect((await api.json('GET', `/api/campaigns/${campaignId}/emails?limit=50`)).items).toHaveLength(0);

      ai.failAll(null);
      const again = await api.request('POST', `/api/campaigns/${campaignId}/generate-emails`);
      expect(again.status).toBe(200);
      expect(await again.text()).toContain('event: complete');
      expect((await api.json('GET', `/api/campaigns/${campaignId}/emails?limit=50`)).items).toHaveLength(
        RECIPIENTS,
      );
    } finally {
      await t.close();
      await ai.close();
    }
  });
});

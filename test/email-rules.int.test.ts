import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows, EMAIL_STATUSES, type EmailAction, type EmailStatus } from '../src/contract/email-rules';
import { emails } from '../src/server/db/schema';
import { createReadyCampaign } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The API enforces the contract's rule book: every single-email action from every state answers
 * 200 where the rule book allows it and 409 where it does not. (No worker runs here, so a queued
 * email stays queued.)
 */
describe('the API follows the email rule book', () => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    t = await startTestApp('pglite', {}, { role: 'web' });
    cookie = await t.signIn('rules@example.com');
    userId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
  });
  afterAll(() => t.close());

  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
  const calls: Record<
    Exclude<EmailAction, 'send-approved'>,
    (id: number) => { method: 'PUT' | 'POST'; url: string; payload: object }
  > = {
    edit: (id) => ({
      method: 'PUT',
      url: `/api/emails/${id}`,
      payload: { subject: 'New', body: '<p>New</p>' },
    }),
    approve: (id) => ({ method: 'PUT', url: `/api/emails/${id}`, payload: { isApproved: true } }),
    send: (id) => ({ method: 'POST', url: `/api/emails/${id}/send`, payload: { scheduledFor: tomorrow() } }),
    unschedule: (id) => ({
      method: 'PUT',
      url: `/api/emails/${id}`,
      payload: { status: 'draft', scheduledFor: null },
    }),
    resolve: (id) => ({ method: 'POST', url: `/api/emails/${id}/resolve`, payload: { action: 'mark-sent' } }),
  };

  /** A fresh email in `status` (set directly: how it got there does not matter here). */
  async function emailIn(status: EmailStatus) {
    const campaign = await createReadyCampaign(t.ctx.db, userId, 1);
    const [row] = await t.ctx.db
      .update(emails)
      .set({ status, scheduledFor: status === 'scheduled' ? new Date(Date.now() + 3_600_000) : null })
      .where(eq(emails.campaignId, campaign.id))
      .returning();
    return row!;
  }

  for (const [action, call] of Object.entries(calls) as [
    keyof typeof calls,
    (typeof calls)[keyof typeof calls],
  ][]) {
    it(`${action}: allowed exactly from ${EMAIL_STATUSES.filter((s) => allows(action, s)).join(', ')}`, async () => {
      for (const status of EMAIL_STATUSES) {
        const email = await emailIn(status);
        const res = await t.app.inject({ ...call(email.id), headers: { cookie } });
        const expected = allows(action, status) ? 200 : 409;
        expect(res.statusCode, `${action} from ${status}: ${res.body}`).toBe(expected);
      }
    });
  }

  it('send-approved takes the approved emails in the states the rule book names, and reports that count', async () => {
    const campaign = await createReadyCampaign(t.ctx.db, userId, EMAIL_STATUSES.length);
    const rows = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
    for (const [i, status] of EMAIL_STATUSES.entries())
      await t.ctx.db.update(emails).set({ status, isApproved: true }).where(eq(emails.id, rows[i]!.id));
    const counts = await t.app.inject({
      url: `/api/campaigns/${campaign.id}/emails?limit=1&offset=0`,
      headers: { cookie },
    });
    const sendable = EMAIL_STATUSES.filter((s) => allows('send-approved', s)).length;
    expect(counts.json().counts.firstToSend).toBe(sendable);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/send-approved`,
      headers: { cookie },
      payload: { scheduledFor: tomorrow() },
    });
    expect(res.json().scheduledCount).toBe(sendable);
  });
});

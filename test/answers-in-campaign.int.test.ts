import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentEmailsPage } from '../src/contract/analytics';
import { campaigns, emails, inboundMessages, type WorkspaceId } from '../src/server/db/schema';
import { refreshSendStatus } from '../src/server/queries/campaign-send-status';
import { countCampaignEmails } from '../src/server/queries/campaigns';
import { holdMailbox } from '../src/server/queries/workspaces';
import { parseRawMessage } from '../src/server/services/conversations/inbound-message';
import { recordInbound } from '../src/server/services/conversations/record-inbound';
import { createCampaign, createRecipientWithEmail, personalWorkspaceOf } from './support/factories';
import { personAnswer } from './support/inbound';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const SENT = new Date('2026-11-29T09:00:00Z');
const BOB = 'bob@martin-sons.example';
const BOB_MESSAGE_ID = 'tailor.900.abc@mail.example.com';

/**
 * A person's answer to a reply (step 0) is an email of the reply's campaign, but none of the
 * campaign's own: its review, counts, actions, status and figures leave it out, while the Sent
 * Emails list (it left the mailbox) shows it. One answer, queued, then sent, then failed.
 */
describe.each(testDatabases())('an answer to a reply in its campaign (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  let workspaceId: WorkspaceId;
  let campaign: typeof campaigns.$inferSelect;
  let bobEmail: number;
  let carolEmail: number;
  let answer: number;

  const db = () => t.ctx.db;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
  const json = async <T>(url: string): Promise<T> => {
    const res = await call('GET', url);
    expect(res.statusCode, url).toBe(200);
    return res.json() as T;
  };
  const emailRow = async (id: number) => (await db().select().from(emails).where(eq(emails.id, id)))[0]!;
  const setAnswer = (values: Partial<typeof emails.$inferInsert>) =>
    db().update(emails).set(values).where(eq(emails.id, answer));
  const campaignStatus = async () =>
    (await db().select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaign.id)))[0]!
      .status;

  beforeAll(async () => {
    // A web process: no worker sends the queued answer meanwhile.
    t = await startTestApp(kind, {}, { role: 'web' });
    cookie = await t.signIn('alice@example.com');
    userId = (await call('GET', '/api/auth/user')).json().id;
    workspaceId = await personalWorkspaceOf(db(), userId);
    // Everything went: Bob's first email was sent, Carol's failed to be written (left for review).
    campaign = await createCampaign(db(), userId, { status: 'completed', recipientCount: 2 });
    const bob = await createRecipientWithEmail(db(), campaign, {
      email: BOB,
      subject: 'Quick question',
      status: 'sent',
      sentAt: SENT,
      messageId: `<${BOB_MESSAGE_ID}>`,
    });
    bobEmail = bob.email.id;
    carolEmail = (
      await createRecipientWithEmail(db(), campaign, { email: 'carol@example.com', status: 'failed' })
    ).email.id;
    const recorded = await recordInbound(
      db(),
      { userId, address: 'alice@example.com' },
      { key: 'bob-reply', receivedAt: new Date('2026-11-30T15:00:00Z'), link: null },
      await parseRawMessage(
        Buffer.from(
          personAnswer({ from: BOB, inReplyTo: BOB_MESSAGE_ID, id: 'bob-1', body: 'Tell me more.' }),
        ),
      ),
    );
    expect(recorded).toMatchObject({ recorded: true });
    const [reply] = await db()
      .select({ id: inboundMessages.id })
      .from(inboundMessages)
      .where(and(eq(inboundMessages.userId, userId), eq(inboundMessages.sourceKey, 'bob-reply')));
    const [row] = await db()
      .insert(emails)
      .values({
        workspaceId,
        userId,
        campaignId: campaign.id,
        recipientId: bob.recipient.id,
        step: 0,
        answersInboundId: reply!.id,
        subject: 'Re: Quick question',
        // A default placeholder, which a campaign-wide approve or send refuses to go with.
        body: '<p>Happy to. We are in [City] on Thursday.</p>',
        isApproved: true,
        approvedBy: userId,
        writtenBy: userId,
        includeUnsubscribeLink: false,
        status: 'queued',
        trackingToken: crypto.randomBytes(16).toString('base64url'),
      })
      .returning({ id: emails.id });
    answer = row!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leaves a queued answer out of the campaign’s emails, counts, sequence and steps', async () => {
    const page = await json<{
      items: { id: number; step: number }[];
      total: number;
      counts: { approved: number; firstToSend: number };
    }>(`/api/campaigns/${campaign.id}/emails?limit=50&offset=0`);
    expect(page.items.map((e) => e.id).sort()).toEqual([bobEmail, carolEmail].sort());
    expect(page.total).toBe(2);
    expect(page.counts).toMatchObject({ approved: 0, firstToSend: 0 });
    const queue = await json<{ items: { id: number }[] }>(
      `/api/campaigns/${campaign.id}/emails?limit=50&offset=0&order=attention`,
    );
    expect(queue.items.map((e) => e.id)).not.toContain(answer);

    const sequence = await json<{ items: { email: string; state: string; nextStep: number | null }[] }>(
      `/api/campaigns/${campaign.id}/sequence?limit=50&offset=0`,
    );
    expect(sequence.items.find((r) => r.email === BOB)).toMatchObject({ state: 'finished', nextStep: null });
    const steps = await json<{ step: number; sent: number; replied: number }[]>(
      `/api/campaigns/${campaign.id}/step-stats`,
    );
    expect(steps).toEqual([expect.objectContaining({ step: 1, sent: 1, replied: 1 })]);
  });

  it('keeps the campaign’s status while the answer waits, goes or is held for tomorrow', async () => {
    for (const status of ['queued', 'sending', 'scheduled'] as const) {
      await setAnswer({
        status,
        scheduledFor: status === 'scheduled' ? new Date(Date.now() + 86_400_000) : null,
      });
      expect(await refreshSendStatus(db(), campaign.id), status).toBeNull();
      expect(await campaignStatus(), status).toBe('completed');
    }
    // Held for tomorrow's limit, it is not the campaign's to list, move back to draft or move on.
    const scheduled = await json<{ total: number }>(
      `/api/scheduled-emails?limit=50&offset=0&campaignId=${campaign.id}`,
    );
    expect(scheduled.total).toBe(0);
    const unscheduled = await call('POST', '/api/emails/unschedule', { ids: [answer] });
    expect(unscheduled.json()).toEqual({ unscheduled: 0 });
    const moved = await call('POST', '/api/emails/reschedule', {
      ids: [answer],
      scheduledFor: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    expect(moved.json()).toMatchObject({ rescheduled: 0 });
    expect(await emailRow(answer)).toMatchObject({ status: 'scheduled', isApproved: true });
  });

  it('lists the sent answer in Sent Emails, counted in its total, but in no campaign figure', async () => {
    await setAnswer({ status: 'sent', scheduledFor: null, sentAt: new Date('2026-11-30T16:00:00Z') });
    expect(await refreshSendStatus(db(), campaign.id)).toBeNull();

    const sent = await json<SentEmailsPage>('/api/analytics/sent-emails');
    expect(sent.items.map((i) => i.id).sort()).toEqual([bobEmail, answer].sort());
    expect(sent.total).toBe(2);
    expect(sent.items.find((i) => i.id === answer)).toMatchObject({
      subject: 'Re: Quick question',
      email: BOB,
      campaignId: campaign.id,
      opened: false,
    });
    const inCampaign = await json<SentEmailsPage>(`/api/analytics/sent-emails?campaignId=${campaign.id}`);
    expect(inCampaign.total).toBe(2);
    expect((await json<SentEmailsPage>('/api/analytics/sent-emails?opened=unopened')).total).toBe(2);
    expect((await json<SentEmailsPage>('/api/analytics/sent-emails?opened=opened')).total).toBe(0);
    // Past the last page the total is asked for on its own: the answer is in it too.
    expect(await json<SentEmailsPage>('/api/analytics/sent-emails?page=9')).toMatchObject({
      total: 2,
      items: [],
    });

    const overview = await json<{ totals: { sent: number; replied: number } }>('/api/analytics/overview');
    expect(overview.totals).toMatchObject({ sent: 1, replied: 1 });
    const dashboard = await json<{ emailsSent: number }>('/api/dashboard/stats');
    expect(dashboard.emailsSent).toBe(1);
    const steps = await json<{ step: number; sent: number }[]>(`/api/campaigns/${campaign.id}/step-stats`);
    expect(steps.map((s) => [s.step, s.sent])).toEqual([[1, 1]]);
    const page = await json<{ total: number }>(`/api/campaigns/${campaign.id}/emails?limit=50&offset=0`);
    expect(page.total).toBe(2);
  });

  it('leaves a failed answer to its thread: approve all, send approved and the failed count pass it by', async () => {
    await setAnswer({ status: 'failed', sentAt: null, errorMessage: 'The mailbox refused it' });
    expect(await refreshSendStatus(db(), campaign.id)).toBeNull();
    expect(await campaignStatus()).toBe('completed');
    // Carol's failed email is the campaign's only failure.
    const dashboard = await json<{ successRate: number }>('/api/dashboard/stats');
    expect(dashboard.successRate).toBe(50);
    expect(await countCampaignEmails(db(), campaign.id)).toEqual({ total: 2, failed: 1 });

    const approved = await call('POST', `/api/campaigns/${campaign.id}/approve-all`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ approved: 1, held: 0, heldForOthers: 0 });
    // "Send approved" retries Carol's failed email (at a time: nothing is sent in this test).
    const at = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const retried = await call('POST', `/api/campaigns/${campaign.id}/send-approved`, { scheduledFor: at });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ scheduledCount: 1, successCount: 0 });
    expect(await emailRow(carolEmail)).toMatchObject({ status: 'scheduled', isApproved: true });
    expect(await emailRow(answer)).toMatchObject({
      status: 'failed',
      isApproved: true,
      scheduledFor: null,
      errorMessage: 'The mailbox refused it',
    });

    // Nor is it the review's to change or send, one email at a time.
    const unapprove = await call('PUT', `/api/emails/${answer}`, { isApproved: false });
    expect(unapprove.statusCode).toBe(409);
    const sendOne = await call('POST', `/api/emails/${answer}/send`, {});
    expect(sendOne.statusCode).toBe(409);
    expect(await emailRow(answer)).toMatchObject({ status: 'failed', isApproved: true });
  });

  it('exports the campaign’s emails without it, and fails it, not drafts it, when its sender may send no more', async () => {
    const res = await call('GET', '/api/export-data');
    expect(res.statusCode).toBe(200);
    const bobRows = res.body
      .split('\r\n')
      .filter((line) => line.startsWith('recipient,') && line.includes(BOB));
    expect(bobRows).toHaveLength(1);
    expect(bobRows[0]).toContain('Quick question');

    await setAnswer({ status: 'queued', errorMessage: null });
    // Carol's scheduled email goes back to review; the answer has no review to go back to.
    expect(await holdMailbox(db(), workspaceId, userId)).toBe(2);
    expect(await emailRow(carolEmail)).toMatchObject({ status: 'draft', isApproved: false });
    expect(await emailRow(answer)).toMatchObject({
      status: 'failed',
      isApproved: true,
      approvedBy: userId,
      errorMessage: 'Not sent: its sender may no longer send for this workspace',
    });
    expect(await campaignStatus()).toBe('ready');
  });
});

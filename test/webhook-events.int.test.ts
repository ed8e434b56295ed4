import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookEvent } from '../src/contract/webhook-events';
import { WORKSPACE_HEADER } from '../src/contract/workspaces';
import { campaigns, emails, inboundMessages, type WorkspaceId, webhookEvents } from '../src/server/db/schema';
import { parseRawMessage } from '../src/server/services/conversations/inbound-message';
import { type Mailbox, recordInbound } from '../src/server/services/conversations/record-inbound';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { personalWorkspaceOf } from './support/factories';
import { waitUntil } from './support/http-client';
import { inboundFixture, sentEmailsTheCorpusAnswers } from './support/inbound';
import { sendOneEmail } from './support/send-one';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

const fixture = (name: string) => parseRawMessage(inboundFixture(name));

/**
 * Each event type comes from the change it reports, whichever path makes it (the send pipeline,
 * the pixel, the unsubscribe page, the mailbox sync, the campaign's status), arrives in the shape
 * the OpenAPI document describes, and a change that is rolled back leaves no event behind.
 */
describe.each(testDatabases())('webhook events (%s)', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let receiver: WebhookReceiver;
  let owner: { cookie: string; id: number; email: string };
  let workspace: WorkspaceId;

  const events = (type: string, count = 1) =>
    waitUntil(
      async () => {
        const got = receiver.received.filter((r) => r.type === type);
        return got.length >= count ? got.map((r) => r.data) : false;
      },
      15_000,
      `${count} ${type}`,
    );

  beforeAll(async () => {
    sink = await startSmtpSink();
    receiver = await startWebhookReceiver();
    t = await startTestApp(kind, {
      SMTP_URL: sink.url,
      SEND_PACING: 'false',
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1',
    });
    const email = `owner-${kind}@example.com`;
    const cookie = await t.signIn(email);
    owner = {
      cookie,
      email,
      id: (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id,
    };
    workspace = await personalWorkspaceOf(t.ctx.db, owner.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie, [WORKSPACE_HEADER]: String(workspace) },
      payload: { url: receiver.url },
    });
    receiver.trust(res.json().secret);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
    receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  it('reports opens by a person and by a machine, and how an address unsubscribed', async () => {
    const first = await sendOneEmail(t, owner.cookie, owner.id);
    const [completed] = await events('campaign.completed');
    expect(completed).toMatchObject({ campaignId: first.campaignId, sent: 1, failed: 0, bounced: 0 });
    // Fetched at once by an image proxy, then a minute later by a person's mail client.
    const pixel = (userAgent: string) =>
      t.app.inject({ url: `/t/o/${first.trackingToken}.gif`, headers: { 'user-agent': userAgent } });
    await pixel('Mozilla/5.0 (via ggpht.com GoogleImageProxy)');
    await t.ctx.db
      .update(emails)
      .set({ sentAt: new Date(Date.now() - 60_000) })
      .where(eq(emails.id, first.id));
    await pixel('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Thunderbird/128.0');
    await pixel('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Thunderbird/128.0');
    const opened = await events('email.opened', 3);
    expect(opened.map((o) => [o.openedBy, o.firstOpen])).toEqual([
      ['machine', true],
      ['person', true],
      ['person', false],
    ]);
    expect(opened[0]).toMatchObject({ emailId: first.id, campaignId: first.campaignId, step: 1 });

    // A mail client's one-click POST, then the page's own form for another email.
    const form = (token: string, body: string) =>
      t.app.inject({
        method: 'POST',
        url: `/u/${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    expect((await form(first.trackingToken, 'List-Unsubscribe=One-Click')).statusCode).toBe(200);
    const second = await sendOneEmail(t, owner.cookie, owner.id);
    expect((await form(second.trackingToken, 'List-Unsubscribe=One-Click&via=page')).statusCode).toBe(200);
    const unsubscribed = await events('recipient.unsubscribed', 2);
    expect(unsubscribed.map((u) => [u.emailId, u.route])).toEqual([
      [first.id, 'one-click'],
      [second.id, 'link'],
    ]);
  });

  it('reports replies, automatic replies, bounces and the follow-ups they stop, from the mailbox sync', async () => {
    const sent = await sentEmailsTheCorpusAnswers(t.ctx.db, owner.id, new Date(Date.now() - 3_600_000));
    const [bob] = await t.ctx.db.select().from(emails).where(eq(emails.id, sent.bob));
    await t.ctx.db.insert(emails).values({
      workspaceId: bob!.workspaceId,
      userId: owner.id,
      campaignId: bob!.campaignId,
      recipientId: bob!.recipientId,
      step: 2,
      status: 'waiting',
      trackingToken: `follow-up-${kind}`,
    });
    const mailbox: Mailbox = { userId: owner.id, address: owner.email };
    const at = (key: string) => ({ key: `${kind}-${key}`, receivedAt: new Date(), link: null });
    await recordInbound(t.ctx.db, mailbox, at('reply'), await fixture('gmail-reply'));
    await recordInbound(t.ctx.db, mailbox, at('away'), await fixture('out-of-office-rfc3834'));
    await recordInbound(t.ctx.db, mailbox, at('bounce'), await fixture('postfix-bounce-5.1.1'));
    const [reply] = await t.ctx.db.select().from(inboundMessages).where(eq(inboundMessages.kind, 'reply'));

    expect((await events('email.replied'))[0]).toMatchObject({ emailId: sent.bob, replyId: reply!.id });
    expect((await events('sequence.stopped'))[0]).toMatchObject({
      campaignId: sent.campaign.id,
      recipientId: bob!.recipientId,
      recipient: 'bob@martin-sons.example',
      reason: 'replied',
      stepsStopped: 1,
    });
    expect((await events('email.auto_replied'))[0]).toMatchObject({ emailId: sent.bob });
    expect((await events('email.bounced'))[0]).toMatchObject({
      emailId: sent.bob,
      bounceKind: 'hard',
      status: '5.1.1',
    });
    expect((await events('recipient.unsubscribed'))[0]).toMatchObject({ emailId: sent.bob, route: 'bounce' });
  });

  it('reports a finished generation with its counts', async () => {
    const [campaign] = await t.ctx.db
      .insert(campaigns)
      .values({ userId: owner.id, workspaceId: workspace, name: 'Generated', status: 'generating' })
      .returning();
    await t.ctx.db.update(campaigns).set({ status: 'ready' }).where(eq(campaigns.id, campaign!.id));
    expect((await events('campaign.generated'))[0]).toEqual({
      workspaceId: workspace,
      campaignId: campaign!.id,
      generated: 0,
      failed: 0,
    });
  });

  it('sends every event in the shape the API document describes, verified', async () => {
    await sendOneEmail(t, owner.cookie, owner.id);
    await events('email.sent');
    await events('campaign.completed');
    expect(receiver.received.length).toBeGreaterThanOrEqual(2);
    for (const got of receiver.received) {
      expect(got.verifiedWith).not.toBeNull();
      expect(webhookEvent.safeParse(got).success).toBe(true);
    }
  });

  it('keeps no event of a change that was rolled back', async () => {
    const before = await t.ctx.db.$count(webhookEvents);
    const { bob } = await sentEmailsTheCorpusAnswers(t.ctx.db, owner.id, new Date());
    await t.ctx.db.update(emails).set({ status: 'sending' }).where(eq(emails.id, bob));
    const afterSetup = await t.ctx.db.$count(webhookEvents);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await tx.update(emails).set({ status: 'failed', errorMessage: 'x' }).where(eq(emails.id, bob));
        expect(await tx.$count(webhookEvents)).toBe(afterSetup + 1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.ctx.db.$count(webhookEvents)).toBe(afterSetup);
    expect(afterSetup).toBeGreaterThanOrEqual(before);
    const rows = await t.ctx.db.execute(
      sql`select count(*)::int as n from webhook_events where data->>'emailId' = ${String(bob)}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, mailboxes, oauthAccounts } from '../src/server/db/schema';
import { releaseDueEmails } from '../src/server/services/sending/scheduled';
import type { FakeMailProviders } from './fakes/mail-providers';
import type { FakeOidc } from './fakes/oidc-provider';
import { createCampaignWithFollowUps, createReadyCampaign } from './support/factories';
import { waitUntil } from './support/http-client';
import { startProviderApp } from './support/provider-app';
import { signInWithProvider } from './support/provider-sign-in';
import type { TestApp } from './support/test-app';

/** Gmail and Graph transports against protocol-level fakes, with real OIDC tokens and refresh. */
describe('sending through Gmail and Microsoft Graph', () => {
  let oidc: FakeOidc;
  let mail: FakeMailProviders;
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ oidc, mail, t, close } = await startProviderApp({ SENDING_LEASE_SECONDS: '1' }));
  });
  afterAll(() => close());

  const signIn = (provider: 'google' | 'microsoft', email: string) =>
    signInWithProvider(t, oidc, provider, email);
  const sendAll = (cookie: string, campaignId: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaignId}/send-approved`,
      headers: { cookie },
      payload: {},
    });
  const emailsOf = (campaignId: number) =>
    t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaignId));
  const settled = (campaignId: number, statuses: string[], count: number) =>
    waitUntil(
      async () => {
        const rows = await emailsOf(campaignId);
        return rows.filter((r) => statuses.includes(r.status)).length >= count ? rows : false;
      },
      20_000,
      `${count} emails ${statuses.join('/')}`,
    );

  /** Sends a two-step campaign's first emails, then one follow-up once due; both rows and the follow-up as the fake received it. */
  async function sendFirstThenFollowUp(provider: 'google' | 'microsoft', address: string) {
    const { cookie, userId } = await signIn(provider, address);
    const campaign = await createCampaignWithFollowUps(t.ctx.db, userId, 2);
    await sendAll(cookie, campaign.id);
    const rows = await waitUntil(
      async () => {
        const found = await emailsOf(campaign.id);
        return found.some((e) => e.step === 1 && e.status === 'sent') &&
          found.some((e) => e.step === 2 && e.status === 'scheduled')
          ? found
          : false;
      },
      20_000,
      'the first email sent and its follow-up scheduled',
    );
    const first = rows.find((e) => e.step === 1 && e.status === 'sent')!;
    const due = rows.find((e) => e.recipientId === first.recipientId && e.step === 2)!;
    await releaseDueEmails(t.ctx.db, t.ctx.sendQueue, new Date(due.scheduledFor!.getTime() + 60_000));
    const next = await waitUntil(
      async () => (await emailsOf(campaign.id)).find((e) => e.id === due.id && e.status === 'sent') ?? false,
      20_000,
      'the follow-up sent',
    );
    const p = provider === 'google' ? 'gmail' : 'graph';
    const received = mail.sent(p).find((m) => m.messageId === next.messageId)!;
    return { first, next, received };
  }

  it("Gmail: a follow-up names the first email's thread, and joins it by Gmail's rules", async () => {
    mail.reset();
    const { first, next, received } = await sendFirstThenFollowUp('google', 'flo@gmail.test');
    expect(first.providerThreadId).toBeTruthy();
    expect(received.parsed.inReplyTo).toBe(first.messageId);
    // The fake puts a message into the named thread only when References and subject match too.
    expect(received.threadId).toBe(first.providerThreadId);
    expect(next.providerThreadId).toBe(first.providerThreadId);
  });

  it('Graph: a follow-up is sent as a reply on the first email in Sent Items, into its conversation', async () => {
    mail.reset();
    const { first, received } = await sendFirstThenFollowUp('microsoft', 'flo@contoso.test');
    const original = mail.sent('graph').find((m) => m.messageId === first.messageId)!;
    // sendMail would have dropped the headers and started a conversation of its own.
    expect(received.parsed.inReplyTo).toBe(first.messageId);
    expect(received.threadId).toBe(original.threadId);
    expect(received.parsed.subject).toBe(`Re: ${first.subject}`);
  });

  it('Gmail: sends raw MIME, refreshing an expired access token first', async () => {
    mail.reset();
    const { cookie, userId } = await signIn('google', 'pat@gmail.test');
    const [account] = await t.ctx.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId));
    const oldToken = t.ctx.tokens.decrypt(account!.accessTokenEnc!);
    await t.ctx.db
      .update(oauthAccounts)
      .set({ accessTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthAccounts.id, account!.id));
    const campaign = await createReadyCampaign(t.ctx.db, userId, 2);
    await sendAll(cookie, campaign.id);
    const rows = await settled(campaign.id, ['sent'], 2);
    const sent = mail.sent('gmail');
    expect(sent).toHaveLength(2);
    expect(sent.map((m) => m.messageId).sort()).toEqual(rows.map((r) => r.messageId).sort());
    expect(sent[0]!.token).not.toBe(oldToken);
    expect(rows.every((r) => r.transport === 'gmail' && r.providerMessageId)).toBe(true);
    expect(sent[0]!.parsed.from?.value[0]?.address).toBe('pat@gmail.test');
  });

  it('Gmail: waits out a 429 and a 500, and fails a 400 with the provider message', async () => {
    mail.reset();
    const { cookie, userId } = await signIn('google', 'retry@gmail.test');
    const retried = await createReadyCampaign(t.ctx.db, userId, 1);
    mail.failNext('gmail', 1, { status: 429, retryAfterSeconds: 1 });
    mail.failNext('gmail', 1, { status: 500 });
    await sendAll(cookie, retried.id);
    const [ok] = await settled(retried.id, ['sent'], 1);
    expect(ok!.attempts).toBeGreaterThanOrEqual(2);

    const refused = await createReadyCampaign(t.ctx.db, userId, 1);
    mail.failNext('gmail', 1, { status: 400, message: 'Invalid To header' });
    await sendAll(cookie, refused.id);
    const [bad] = await settled(refused.id, ['failed'], 1);
    expect(bad!.errorMessage).toMatch(/Gmail refused the message \(400\): .*Invalid To header/);
  });

  it('Graph: sends MIME and accepts 202 with no id', async () => {
    mail.reset();
    const { cookie, userId } = await signIn('microsoft', 'pat@outlook.test');
    const campaign = await createReadyCampaign(t.ctx.db, userId, 2);
    await sendAll(cookie, campaign.id);
    const rows = await settled(campaign.id, ['sent'], 2);
    expect(mail.sent('graph')).toHaveLength(2);
    expect(rows.every((r) => r.transport === 'graph' && r.providerMessageId === null)).toBe(true);
  });

  it('Graph: waits out a 429 and a 503, and fails a 400 with the provider message', async () => {
    mail.reset();
    const { cookie, userId } = await signIn('microsoft', 'retry@outlook.test');
    const retried = await createReadyCampaign(t.ctx.db, userId, 1);
    mail.failNext('graph', 1, { status: 429, retryAfterSeconds: 1 });
    mail.failNext('graph', 1, { status: 503 });
    await sendAll(cookie, retried.id);
    const [ok] = await settled(retried.id, ['sent'], 1);
    expect(ok!.attempts).toBeGreaterThanOrEqual(2);
    expect(mail.sent('graph')).toHaveLength(1);

    const refused = await createReadyCampaign(t.ctx.db, userId, 1);
    mail.failNext('graph', 1, { status: 400, message: 'Recipient address rejected' });
    await sendAll(cookie, refused.id);
    const [bad] = await settled(refused.id, ['failed'], 1);
    expect(bad!.errorMessage).toMatch(
      /Microsoft Graph refused the message \(400\): .*Recipient address rejected/,
    );
  });

  it('pauses a mailbox whose token cannot be refreshed, and resumes after signing in again', async () => {
    mail.reset();
    const { cookie, userId } = await signIn('google', 'revoked@gmail.test');
    const [account] = await t.ctx.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId));
    await t.ctx.db
      .update(oauthAccounts)
      .set({ accessTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthAccounts.id, account!.id));
    oidc.revokeAllRefreshTokens('google');
    const campaign = await createReadyCampaign(t.ctx.db, userId, 1);
    await sendAll(cookie, campaign.id);
    // The failed refresh flags the mailbox before the send that asked for it hands its email back.
    await waitUntil(
      async () =>
        !!(await t.ctx.db.select().from(mailboxes).where(eq(mailboxes.userId, userId)))[0]?.needsReauthAt &&
        (await emailsOf(campaign.id))[0]!.status === 'queued',
      20_000,
      'mailbox flagged for sign-in and its email queued again',
    );
    expect(mail.sent('gmail')).toHaveLength(0);
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(me.json().mailboxNeedsReauth).toBe(true);

    const again = await signIn('google', 'revoked@gmail.test');
    await settled(campaign.id, ['sent'], 1);
    expect(mail.sent('gmail')).toHaveLength(1);
    const after = await t.app.inject({ url: '/api/auth/user', headers: { cookie: again.cookie } });
    expect(after.json().mailboxNeedsReauth).toBe(false);
  });

  it('settles a send interrupted by a crash by asking the Sent folder, never re-sending blindly', async () => {
    mail.reset();
    const { userId } = await signIn('google', 'crash@gmail.test');
    const campaign = await createReadyCampaign(t.ctx.db, userId, 2);
    const [delivered, lost] = await emailsOf(campaign.id);
    // The first really reached Gmail before the "crash"; the second never left.
    const sentRaw = `Message-ID: <delivered-1@tailor.test>\r\nFrom: crash@gmail.test\r\nTo: x@example.com\r\nSubject: hi\r\n\r\nhello`;
    await fetch(`${mail.gmailUrl}/v1/users/me/messages/send`, {
      method: 'POST',
      headers: { authorization: 'Bearer any', 'content-type': 'application/json' },
      body: JSON.stringify({ raw: Buffer.from(sentRaw).toString('base64url') }),
    });
    const past = new Date(Date.now() - 60_000);
    await t.ctx.db
      .update(emails)
      .set({ status: 'sending', messageId: '<delivered-1@tailor.test>', updatedAt: past })
      .where(eq(emails.id, delivered!.id));
    await t.ctx.db
      .update(emails)
      .set({ status: 'sending', messageId: '<lost-1@tailor.test>', updatedAt: past })
      .where(eq(emails.id, lost!.id));

    const { reconcileSendingJob } = await import('../src/server/jobs/send-email');
    await t.ctx.jobs.enqueue(reconcileSendingJob, {});
    const rows = await settled(campaign.id, ['sent'], 2);
    expect(rows.find((r) => r.id === delivered!.id)!.attempts).toBe(0);
    // Gmail holds the delivered one once (ours) and the lost one once (re-sent after the lookup).
    expect(
      mail
        .sent('gmail')
        .map((m) => m.messageId)
        .sort(),
    ).toEqual(['<delivered-1@tailor.test>', '<lost-1@tailor.test>']);
  });

  it("settles what a restart interrupted, never the new process's own sends still in flight", async () => {
    mail.reset();
    const { userId } = await signIn('google', 'restart@gmail.test');
    const campaign = await createReadyCampaign(t.ctx.db, userId, 2);
    const [interrupted, inFlight] = await emailsOf(campaign.id);
    const startedAt = new Date();
    await t.ctx.db
      .update(emails)
      .set({
        status: 'sending',
        messageId: '<interrupted-1@tailor.test>',
        updatedAt: new Date(startedAt.getTime() - 5_000),
      })
      .where(eq(emails.id, interrupted!.id));
    // Claimed by the process that just started, its provider call not yet answered.
    await t.ctx.db
      .update(emails)
      .set({
        status: 'sending',
        messageId: '<in-flight-1@tailor.test>',
        updatedAt: new Date(startedAt.getTime() + 1_000),
      })
      .where(eq(emails.id, inFlight!.id));

    const { reconcileSendingJob } = await import('../src/server/jobs/send-email');
    await t.ctx.jobs.enqueue(reconcileSendingJob, { claimedBefore: startedAt.toISOString() });
    await waitUntil(
      async () => (await emailsOf(campaign.id)).find((r) => r.id === interrupted!.id)!.status === 'sent',
      10_000,
      'the interrupted send settled',
    );
    // Not in Gmail's Sent, so it went out once; the one in flight was neither asked about nor re-sent.
    expect(mail.sent('gmail').map((m) => m.messageId)).toEqual(['<interrupted-1@tailor.test>']);
    expect((await emailsOf(campaign.id)).find((r) => r.id === inFlight!.id)!.status).toBe('sending');
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignStats, emails, inboundMessages, sendQuota, unsubscribes } from '../src/server/db/schema';
import { answerInThread, answerThreadOf } from '../src/server/services/conversations/answer-in-thread';
import { syncMailbox } from '../src/server/services/conversations/sync-mailbox';
import { type FakeAi, lastUserMessage, startFakeAi, systemMessage } from './fakes/ai-server';
import type { FakeMailProviders } from './fakes/mail-providers';
import type { FakeOidc } from './fakes/oidc-provider';
import { createUser, defaultMailboxIdOf, personalWorkspaceOf } from './support/factories';
import { waitUntil } from './support/http-client';
import { startProviderApp } from './support/provider-app';
import { recipientAddressOf, reply, sendCampaignThroughMailbox } from './support/provider-mailbox';
import { signInWithProvider } from './support/provider-sign-in';
import { stopPeriodicMailboxSync, type TestApp } from './support/test-app';

type EmailRow = typeof emails.$inferSelect;

/**
 * Answering a reply in its thread through the Gmail and Graph fakes, which thread as the real
 * services do: Gmail joins a thread only for a matching subject and a reference to the thread,
 * Graph only for a reply sent on a message of the conversation.
 */
describe.each([
  ['gmail', 'google', 'pat@gmail.test'],
  ['graph', 'microsoft', 'pat@outlook.test'],
] as const)('answering a reply through %s', (provider, signIn, sender) => {
  let oidc: FakeOidc;
  let mail: FakeMailProviders;
  let t: TestApp;
  let close: () => Promise<void>;
  let cookie: string;
  let userId: number;
  let mailboxId: number;
  let sent: EmailRow[];
  let replyId: number;
  let ai: FakeAi;
  const call = (method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
    t.app.inject({ method, url, headers: { cookie, ...(key && { 'idempotency-key': key }) }, payload });
  const answerRow = async (inboundId: number) =>
    (await t.ctx.db.select().from(emails).where(eq(emails.answersInboundId, inboundId)))[0];
  /** The answer email `emailId` once it reaches `status` (the send job runs in the app's workers). */
  const answerOnceIt = (emailId: number, status: EmailRow['status']) =>
    waitUntil(
      async () => {
        const [row] = await t.ctx.db.select().from(emails).where(eq(emails.id, emailId));
        return row?.status === status ? row : false;
      },
      30_000,
      `answer ${emailId} ${status}`,
    );
  const copiesOf = (messageId: string) => mail.sent(provider).filter((m) => m.messageId === messageId);

  async function deliverReply(to: EmailRow, id: string, text: string) {
    const from = await recipientAddressOf(t, to);
    // A minute after the email it answers (the builder's Date is a fixed day in the past; Graph
    // and the Date header keep whole seconds).
    const at = new Date(Date.now() + 60_000);
    const raw = reply({ from, to: sender, inReplyTo: to.messageId!, id, text });
    await mail.deliver(provider, raw.replace(/^Date: .*$/m, `Date: ${at.toUTCString()}`), { at });
    await syncMailbox(t.ctx, `mailbox:${mailboxId}`, () => new Date());
    const [row] = await t.ctx.db
      .select()
      .from(inboundMessages)
      .where(
        and(
          eq(inboundMessages.userId, userId),
          eq(inboundMessages.sourceKey, `message-id:${id}@mail.example.org`),
        ),
      );
    return row!.id;
  }

  beforeAll(async () => {
    ai = await startFakeAi();
    // A send cut short is looked for in the Sent folder once its lease of a few seconds ends.
    ({ oidc, mail, t, close } = await startProviderApp({ ...ai.env, SENDING_LEASE_SECONDS: '4' }));
    await stopPeriodicMailboxSync(t);
    ({ cookie, userId } = await signInWithProvider(t, oidc, signIn, sender));
    mailboxId = await defaultMailboxIdOf(t.ctx.db, userId);
    sent = await sendCampaignThroughMailbox(t, cookie, userId, 3);
    replyId = await deliverReply(sent[0]!, `yes-${provider}`, 'Yes, tell me more. Is Tuesday good?');
  });
  afterAll(async () => {
    await close?.();
    await ai?.close();
  });

  it('shows the thread and who may answer', async () => {
    const res = await call('GET', `/api/inbox/${replyId}/thread`);
    expect(res.statusCode, res.body).toBe(200);
    const thread = res.json();
    expect(thread.items.map((i: { type: string }) => i.type)).toEqual(['sent', 'inbound']);
    expect(thread).toMatchObject({
      canAnswer: true,
      cannotAnswerReason: null,
      answer: null,
      subject: `Re: ${sent[0]!.subject}`,
      from: sender,
      to: await recipientAddressOf(t, sent[0]!),
    });
  });

  it('suggests an answer from the whole reply, the thread and the sender, and sends nothing', async () => {
    ai.setReply((request) =>
      systemMessage(request.body).startsWith("You suggest the sender's answer")
        ? { body: '<p>Tuesday at [time] works.<script>alert(1)</script></p>' }
        : undefined,
    );
    const before = mail.sent(provider).length;
    const res = await call('POST', `/api/inbox/${replyId}/suggestion`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ body: '<p>Tuesday at [time] works.</p>' });
    const asked = ai.requests.map((r) => lastUserMessage(r.body)).find((m) => m.includes('<conversation>'))!;
    // The reply read whole from the mailbox, the email it answers, the sender's name: each as data.
    expect(asked).toMatch(/<reply>\nSubject: Re: Hello\n\nYes, tell me more. Is Tuesday good\?\n<\/reply>/);
    expect(asked).toContain(sent[0]!.subject);
    expect(asked).toMatch(/<sender>[\s\S]*Pat Sender[\s\S]*<\/sender>/);
    expect(mail.sent(provider)).toHaveLength(before);
    expect(await answerRow(replyId)).toBeUndefined();
    ai.setReply(null);
  });

  it('sends the answer once, in the reply’s thread, from the mailbox it arrived in', async () => {
    const first = await call('POST', `/api/inbox/${replyId}/answer`, { body: '<p>Tuesday works.</p>' }, 'k1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      inboundId: replyId,
      status: 'queued',
      body: '<p>Tuesday works.</p>',
    });
    const answer = await answerOnceIt(first.json().emailId, 'sent');
    // A retried request (same key) answers the same, and sends nothing more.
    const again = await call('POST', `/api/inbox/${replyId}/answer`, { body: '<p>Tuesday works.</p>' }, 'k1');
    expect(again.json().emailId).toBe(answer.id);
    const copies = copiesOf(answer.messageId!);
    expect(copies).toHaveLength(1);
    const message = copies[0]!;
    const replyInMailbox = mail
      .inbox(provider)
      .find((m) => m.messageId === `<yes-${provider}@mail.example.org>`)!;
    // Gmail: the conversation's thread; Graph: the reply's conversation (sent with /reply on it).
    expect(message.threadId).toBe(replyInMailbox.threadId);
    expect(message.parsed.inReplyTo).toBe(`<yes-${provider}@mail.example.org>`);
    expect([message.parsed.references].flat()).toContain(sent[0]!.messageId);
    expect(message.parsed.subject).toBe(`Re: ${sent[0]!.subject}`);
    // A person's letter: no unsubscribe link, no List-Id, no open pixel.
    expect(message.parsed.headers.has('list-unsubscribe')).toBe(false);
    expect(message.parsed.headers.has('list-id')).toBe(false);
    expect(message.raw).not.toContain('/t/o/');
  });

  it('counts under the mailbox’s daily limit, not in the campaign’s figures', async () => {
    const [quota] = await t.ctx.db.select().from(sendQuota).where(eq(sendQuota.mailboxId, mailboxId));
    expect(quota!.sentWithUnsubscribe + quota!.sentWithoutUnsubscribe).toBe(4);
    const [stats] = await t.ctx.db
      .select()
      .from(campaignStats)
      .where(eq(campaignStats.campaignId, sent[0]!.campaignId));
    expect(stats!.sent).toBe(3);
  });

  it('shows the answer in the thread and in the answered email’s events', async () => {
    const thread = (await call('GET', `/api/inbox/${replyId}/thread`)).json();
    expect(thread.items.map((i: { type: string }) => i.type)).toEqual(['sent', 'inbound', 'answer']);
    // Once it has gone, the reply may be answered again, as in any mail client.
    expect(thread).toMatchObject({ canAnswer: true, cannotAnswerReason: null, heldUntil: null });
    expect(thread.answer).toMatchObject({ status: 'sent', sentBy: { id: userId, name: 'Pat Sender' } });
    // The inbox list marks the reply answered.
    const listed = (await call('GET', '/api/inbox'))
      .json()
      .items.find((i: { id: number }) => i.id === replyId);
    expect(listed.answer).toMatchObject({ status: 'sent', at: thread.answer.sentAt });
    const events = (await call('GET', `/api/emails/${sent[0]!.id}/events`)).json().events;
    expect(events.find((e: { type: string }) => e.type === 'answered')).toMatchObject({
      messageId: replyId,
      status: 'sent',
      by: 'Pat Sender',
      snippet: 'Tuesday works.',
    });
  });

  it('after a failed answer, sends the new words once; schedules one for a later day', async () => {
    const inboundId = await deliverReply(sent[1]!, `price-${provider}`, 'What does it cost?');
    mail.failNext(provider, 1, { status: 400, message: 'Invalid To header' });
    const refused = await call(
      'POST',
      `/api/inbox/${inboundId}/answer`,
      { body: '<p>It costs 10.</p>' },
      'k3',
    );
    const failed = await answerOnceIt(refused.json().emailId, 'failed');
    const thread = (await call('GET', `/api/inbox/${inboundId}/thread`)).json();
    expect(thread).toMatchObject({ canAnswer: true, answer: { emailId: failed.id, status: 'failed' } });
    const res = await call('POST', `/api/inbox/${inboundId}/answer`, { body: '<p>It costs 12.</p>' }, 'k4');
    expect(res.json()).toMatchObject({ status: 'queued' });
    const done = await answerOnceIt(res.json().emailId, 'sent');
    expect(copiesOf(done.messageId!)).toHaveLength(1);
    expect(copiesOf(done.messageId!)[0]!.raw).toContain('It costs 12.');
    expect(failed.messageId === null || copiesOf(failed.messageId).length === 0).toBe(true);

    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await call(
      'POST',
      `/api/inbox/${inboundId}/answer`,
      { body: '<p>As promised.</p>', sendAt: later },
      'k6',
    );
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', scheduledFor: later });
    // Cancelled before its day, it is never sent; nothing is left to cancel after.
    const cancelled = await call('POST', `/api/inbox/${inboundId}/cancel-answer`, undefined, 'k10');
    expect(cancelled.json()).toMatchObject({
      emailId: scheduled.json().emailId,
      status: 'stopped',
      scheduledFor: null,
    });
    const again = await call('POST', `/api/inbox/${inboundId}/cancel-answer`, undefined, 'k11');
    expect(again.statusCode).toBe(409);
    const past = await call(
      'POST',
      `/api/inbox/${inboundId}/answer`,
      { body: '<p>x</p>', sendAt: '2020-01-01T00:00:00Z' },
      'k7',
    );
    expect(past.statusCode).toBe(400);
  });

  it('an answer accepted but never confirmed (connection reset) is found in the Sent folder, not sent again', async () => {
    const inboundId = await deliverReply(sent[1]!, `reset-${provider}`, 'And the delivery time?');
    mail.breakAfterAccept(provider, 'reset');
    const res = await call('POST', `/api/inbox/${inboundId}/answer`, { body: '<p>Two weeks.</p>' }, 'k9');
    expect(res.statusCode, res.body).toBe(200);
    const row = await answerOnceIt(res.json().emailId, 'sent');
    expect(row.attempts).toBe(1);
    expect(copiesOf(row.messageId!)).toHaveLength(1);
  });

  it('refuses a suppressed recipient, a teammate’s mailbox and another workspace', async () => {
    const inboundId = await deliverReply(sent[2]!, `stop-${provider}`, 'Maybe later.');
    const member = {
      userId,
      workspaceId: await personalWorkspaceOf(t.ctx.db, userId),
      role: 'owner' as const,
      fourEyes: false,
    };
    const teammate = {
      ...member,
      userId: (await createUser(t.ctx.db, { email: `mate-${provider}@x.test` })).id,
    };
    await expect(answerInThread(t.ctx, teammate, inboundId, { body: '<p>Hi</p>' })).rejects.toMatchObject({
      code: 'forbidden',
    });
    const stranger = await createUser(t.ctx.db, { email: `stranger-${provider}@x.test` });
    const elsewhere = {
      ...member,
      userId: stranger.id,
      workspaceId: await personalWorkspaceOf(t.ctx.db, stranger.id),
    };
    await expect(answerThreadOf(t.ctx, elsewhere, inboundId)).rejects.toMatchObject({ code: 'not_found' });

    // An earlier answer whose arrival nobody knows keeps another from being written.
    const [unknown] = await t.ctx.db
      .insert(emails)
      .values({
        workspaceId: member.workspaceId,
        userId,
        campaignId: sent[2]!.campaignId,
        recipientId: sent[2]!.recipientId,
        step: 0,
        answersInboundId: inboundId,
        status: 'unknown',
        trackingToken: `unknown-${provider}`,
      })
      .returning();
    const refused = await call('POST', `/api/inbox/${inboundId}/answer`, { body: '<p>Hi</p>' }, 'k8');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/unknown/);
    await t.ctx.db.delete(emails).where(eq(emails.id, unknown!.id));

    await t.ctx.db.insert(unsubscribes).values({
      workspaceId: member.workspaceId,
      userId,
      email: (await recipientAddressOf(t, sent[2]!)).toUpperCase(),
      reason: 'link',
    });
    const thread = await answerThreadOf(t.ctx, member, inboundId);
    expect(thread).toMatchObject({
      canAnswer: false,
      cannotAnswerReason: expect.stringMatching(/suppression/),
    });
    const res = await call('POST', `/api/inbox/${inboundId}/answer`, { body: '<p>Hi</p>' }, 'k5');
    expect(res.statusCode).toBe(409);
    expect(await answerRow(inboundId)).toBeUndefined();
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxQuery } from '../src/contract/inbox';
import { WORKSPACE_HEADER } from '../src/contract/workspaces';
import { selectRows } from '../src/server/db/client';
import {
  answerCategoryChanges,
  inboundMessages,
  users,
  type WorkspaceId,
  webhookEvents,
} from '../src/server/db/schema';
import { inboxPage } from '../src/server/queries/inbox';
import { parseRawMessage } from '../src/server/services/conversations/inbound-message';
import { recordInbound } from '../src/server/services/conversations/record-inbound';
import { personalWorkspaceOf } from './support/factories';
import { inboundFixture, personAnswer, sentEmailsTheCorpusAnswers } from './support/inbound';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

const SENT = new Date('2026-11-30T09:00:00Z');

const answer = (from: string, inReplyTo: string, body: string, n: number) =>
  personAnswer({ from, inReplyTo, id: `answer-${n}`, body });

/** The inbox through the API: what it lists and counts, filters, read state, categories, assignees. */
describe.each(testDatabases())('the inbox (%s)', (kind) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let alice: { cookie: string; id: number; workspace: WorkspaceId };
  let bob: { cookie: string; id: number };
  let sent: Awaited<ReturnType<typeof sentEmailsTheCorpusAnswers>>;

  const signedIn = async (email: string) => {
    const cookie = await t.signIn(email);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    return { cookie, id: user!.id };
  };
  const call = (who: { cookie: string }, method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const record = async (raw: string | Buffer, key: string, receivedAt: string) =>
    recordInbound(
      t.ctx.db,
      { userId: alice.id, address: 'alice@example.com' },
      { key, receivedAt: new Date(receivedAt), link: null },
      await parseRawMessage(typeof raw === 'string' ? Buffer.from(raw) : raw),
    );
  const inbox = async (query = '') => (await call(alice, 'GET', `/api/inbox${query}`)).json();
  const idOf = async (key: string) =>
    (
      await t.ctx.db
        .select({ id: inboundMessages.id })
        .from(inboundMessages)
        .where(and(eq(inboundMessages.userId, alice.id), eq(inboundMessages.sourceKey, key)))
    )[0]!.id;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestApp(kind, { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1' });
    const a = await signedIn('alice@example.com');
    alice = { ...a, workspace: await personalWorkspaceOf(t.ctx.db, a.id) };
    bob = await signedIn('bob@example.com');
    const endpoint = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie: alice.cookie, [WORKSPACE_HEADER]: String(alice.workspace) },
      payload: { url: receiver.url },
    });
    expect(endpoint.statusCode).toBe(200);
    sent = await sentEmailsTheCorpusAnswers(t.ctx.db, alice.id, SENT);
    const bobAt = 'tailor.123.abc@mail.example.com';
    const carolAt = 'tailor.124.def@mail.example.com';
    await record(inboundFixture('out-of-office-rfc3834'), 'ooo', '2026-11-30T10:00:00Z');
    await record(
      answer(
        'bob@martin-sons.example',
        bobAt,
        'Not right now, we are busy with the peak season. Ask me again in March.',
        1,
      ),
      'later',
      '2026-11-30T11:00:00Z',
    );
    await record(
      answer(
        'carol@brightfield.example',
        carolAt,
        'Sounds interesting! Could we do a call on Thursday at 3?',
        2,
      ),
      'call',
      '2026-11-30T12:00:00Z',
    );
    await record(
      answer('carol@brightfield.example', carolAt, 'Hmm, let me think about it.', 3),
      'unsure',
      '2026-11-30T13:00:00Z',
    );
  });
  afterAll(async () => {
    await t?.close();
    receiver?.close();
  });

  it('lists every answer of the workspace newest first, categorised by the rules, all unread', async () => {
    const page = await inbox();
    expect(page.items.map((i: { category: string | null }) => i.category)).toEqual([
      null,
      'meeting-request',
      'not-now',
      'out-of-office',
    ]);
    expect(page).toMatchObject({ total: 4, unread: 4, limit: 50, offset: 0 });
    const later = page.items[2];
    expect(later).toMatchObject({
      notNowUntil: '2027-03-01',
      categorySource: 'rules',
      recipientEmail: 'bob@martin-sons.example',
      campaign: { id: sent.campaign.id },
      emailId: sent.bob,
      readAt: null,
      assignee: null,
    });
    expect((await call(alice, 'GET', '/api/inbox/unread')).json()).toEqual({ unread: 4 });
  });

  it('filters by category, campaign, read state and assignee', async () => {
    expect((await inbox('?category=not-now')).items).toHaveLength(1);
    expect((await inbox('?category=none')).items.map((i: { snippet: string }) => i.snippet)).toEqual([
      'Hmm, let me think about it.',
    ]);
    expect((await inbox(`?campaignId=${sent.campaign.id}`)).total).toBe(4);
    expect((await inbox(`?campaignId=${sent.campaign.id + 1000}`)).total).toBe(0);
    expect((await inbox('?assignee=nobody')).total).toBe(4);
    expect((await inbox('?assignee=me')).total).toBe(0);
    const bad = await call(alice, 'GET', '/api/inbox?category=maybe');
    expect(bad.statusCode).toBe(400);
  });

  it('marks an answer read and unread again; the unread count follows', async () => {
    const id = await idOf('call');
    const read = await call(alice, 'PUT', `/api/inbox/${id}/read`, { read: true });
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).not.toBeNull();
    expect((await inbox('?status=unread')).total).toBe(3);
    expect((await inbox('?status=read')).items.map((i: { id: number }) => i.id)).toEqual([id]);
    await call(alice, 'PUT', `/api/inbox/${id}/read`, { read: false });
    expect((await call(alice, 'GET', '/api/inbox/unread')).json()).toEqual({ unread: 4 });
  });

  it("keeps a person's category over the rules', in the email's record and as a webhook event", async () => {
    const id = await idOf('unsure');
    const res = await call(alice, 'PUT', `/api/inbox/${id}/category`, { category: 'interested' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ category: 'interested', categorySource: 'person' });
    // The same choice again changes nothing and records nothing.
    await call(alice, 'PUT', `/api/inbox/${id}/category`, { category: 'interested' });
    const { events } = (await call(alice, 'GET', `/api/emails/${sent.carol}/events`)).json();
    const changes = events.filter((e: { type: string }) => e.type === 'categorized');
    expect(changes).toEqual([
      expect.objectContaining({
        messageId: id,
        from: null,
        to: 'interested',
        source: 'person',
        by: 'alice@example.com',
      }),
    ]);
    const [event] = await t.ctx.db
      .select({ data: webhookEvents.data })
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'answer.categorized'));
    expect(event?.data).toMatchObject({
      replyId: id,
      category: 'interested',
      previousCategory: null,
      source: 'person',
      emailId: sent.carol,
      recipient: 'carol@brightfield.example',
    });
    // A date to write again goes with "not now" only.
    const dated = await call(alice, 'PUT', `/api/inbox/${id}/category`, {
      category: 'question',
      notNowUntil: '2027-03-01',
    });
    expect(dated.statusCode).toBe(400);
    const later = await call(alice, 'PUT', `/api/inbox/${id}/category`, {
      category: 'not-now',
      notNowUntil: '2027-04-15',
    });
    expect(later.json()).toMatchObject({ category: 'not-now', notNowUntil: '2027-04-15' });
  });

  it('assigns an answer to a member, never to someone outside the workspace', async () => {
    const id = await idOf('later');
    const res = await call(alice, 'PUT', `/api/inbox/${id}/assignee`, { userId: alice.id });
    expect(res.json().assignee).toMatchObject({ id: alice.id });
    expect((await inbox('?assignee=me')).items.map((i: { id: number }) => i.id)).toEqual([id]);
    expect((await call(alice, 'PUT', `/api/inbox/${id}/assignee`, { userId: bob.id })).statusCode).toBe(422);
    await call(alice, 'PUT', `/api/inbox/${id}/assignee`, { userId: null });
    expect((await inbox('?assignee=me')).total).toBe(0);
  });

  it("shows nobody else's answers, and another workspace's ids are 404s that change nothing", async () => {
    expect((await call(bob, 'GET', '/api/inbox')).json()).toMatchObject({ total: 0, unread: 0, items: [] });
    const id = await idOf('ooo');
    for (const [url, payload] of [
      [`/api/inbox/${id}/read`, { read: true }],
      [`/api/inbox/${id}/category`, { category: 'interested' }],
      [`/api/inbox/${id}/assignee`, { userId: null }],
    ] as const)
      expect((await call(bob, 'PUT', url, payload)).statusCode).toBe(404);
    const [row] = await t.ctx.db
      .select({ category: inboundMessages.category, readAt: inboundMessages.readAt })
      .from(inboundMessages)
      .where(eq(inboundMessages.id, id));
    expect(row).toEqual({ category: 'out-of-office', readAt: null });
    expect(await t.ctx.db.$count(answerCategoryChanges)).toBe(2);
  });

  it("walks the inbox index for a page, never sorting the workspace's answers", async () => {
    // With sorting and whole-table scans priced out, a page the index cannot serve in its own order
    // still shows a Sort on received_at; a workspace of 100,000 answers paid ~60 ms a page for it.
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const page = inboxPage(tx, alice.workspace, alice.id, inboxQuery.parse({}));
      return (await selectRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${page}`)).map(
        (r) => r['QUERY PLAN'],
      );
    });
    expect(plan.join('\n')).toContain('inbound_messages_inbox_idx');
    expect(plan.filter((line) => /Sort Key: .*received_at/.test(line))).toEqual([]);
  });
});

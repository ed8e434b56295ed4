import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emails, inboundMessages, mailboxSyncs, users } from '../../src/server/db/schema';
import { syncMailboxesJob, syncMailboxJob } from '../../src/server/jobs/sync-mailboxes';
import { takeSyncLease } from '../../src/server/queries/mailbox-syncs';
import { IMAP_SYNC_KEY, syncImapMailbox } from '../../src/server/services/conversations/sync-imap';
import { isUnsubscribed } from '../../src/server/services/sending/suppression';
import { personalWorkspaceOf } from '../support/factories';
import { inboundFixture, sentEmailsTheCorpusAnswers } from '../support/inbound';
import { startTestApp, stopPeriodicMailboxSync, type TestApp, testDatabases } from '../support/test-app';
import { type Dovecot, dovecotUnavailable, startDovecot } from './dovecot';

const unavailable = dovecotUnavailable();
if (unavailable) console.warn(`test/peers skipped: ${unavailable}`);

const MAILBOX = { user: 'alice@example.com', password: 'inbox-password' };
const fixture = inboundFixture;
const attempt = { retryCount: 0, retryLimit: 0, isLast: true };
const UNRELATED = [
  'From: News <news@letters.example>',
  'To: alice@example.com',
  'Subject: This week in gardening',
  'Message-ID: <weekly.77@letters.example>',
  'Date: Thu, 19 Nov 2026 08:00:00 +0000',
  '',
  'Nothing to do with any campaign.',
  '',
].join('\r\n');

describe.skipIf(unavailable !== null).each(testDatabases())('syncing the IMAP mailbox (%s)', (kind) => {
  let dovecot: Dovecot;
  let t: TestApp;
  let userId: number;
  let cookie: string;
  let bounced: number;
  const sync = () =>
    syncImapMailbox({ db: t.ctx.db, settings: t.ctx.config.mail.imap!, now: () => new Date(), batchSize: 3 });
  const inboundCount = async () =>
    (
      await t.ctx.db.select({ n: count() }).from(inboundMessages).where(eq(inboundMessages.userId, userId))
    )[0]!.n;

  beforeAll(async () => {
    dovecot = await startDovecot({ users: [MAILBOX] });
    const user = encodeURIComponent(MAILBOX.user);
    t = await startTestApp(kind, {
      IMAP_URL: `imap://${user}:${MAILBOX.password}@127.0.0.1:${dovecot.port}`,
    });
    await stopPeriodicMailboxSync(t);
    cookie = await t.signIn(MAILBOX.user);
    userId = (await t.ctx.db.select().from(users).where(eq(users.email, MAILBOX.user)))[0]!.id;
    bounced = (await sentEmailsTheCorpusAnswers(t.ctx.db, userId, new Date())).bob;
  });
  afterAll(async () => {
    await t?.close();
    await dovecot?.stop();
  });

  it('reads a first time from scratch and records each kind once, and nothing of the rest', async () => {
    for (const name of [
      'gmail-reply',
      'postfix-bounce-5.1.1',
      'postfix-delay-4.4.1',
      'out-of-office-rfc3834',
    ]) {
      await dovecot.append(MAILBOX.user, fixture(name));
    }
    await dovecot.append(MAILBOX.user, UNRELATED);
    for (const name of ['read-receipt', 'unsubscribe-subject'])
      await dovecot.append(MAILBOX.user, fixture(name));

    expect(await sync()).toEqual({ rescanned: true, read: 7, recorded: 5 });
    const kinds = await t.ctx.db
      .select({ kind: inboundMessages.kind, bounceKind: inboundMessages.bounceKind })
      .from(inboundMessages)
      .where(eq(inboundMessages.userId, userId));
    expect(kinds.map((k) => `${k.kind}${k.bounceKind ? `:${k.bounceKind}` : ''}`).sort()).toEqual([
      'auto-reply',
      'bounce:hard',
      'bounce:soft',
      'reply',
      'unsubscribe-request',
    ]);
    const [email] = await t.ctx.db.select().from(emails).where(eq(emails.id, bounced));
    expect(email).toMatchObject({ bounceKind: 'hard' });
    expect(email!.repliedAt).not.toBeNull();
    expect(
      await isUnsubscribed(t.ctx.db, await personalWorkspaceOf(t.ctx.db, userId), 'bob@martin-sons.example'),
    ).toBe(true);
    expect(
      await isUnsubscribed(t.ctx.db, await personalWorkspaceOf(t.ctx.db, userId), 'henry.ford@gmail.com'),
    ).toBe(true);
    const [state] = await t.ctx.db.select().from(mailboxSyncs).where(eq(mailboxSyncs.key, IMAP_SYNC_KEY));
    expect(state).toMatchObject({ leaseToken: null, lastError: null, cursor: { lastUid: 7 } });
  });

  it('then reads only what is new', async () => {
    expect(await sync()).toEqual({ rescanned: false, read: 0, recorded: 0 });
    await dovecot.append(MAILBOX.user, fixture('references-only-reply'));
    expect(await sync()).toEqual({ rescanned: false, read: 1, recorded: 1 });
  });

  it('records nothing twice when it reads again: a lost cursor, or a rebuilt mailbox (new UIDVALIDITY)', async () => {
    const before = await inboundCount();
    await t.ctx.db
      .update(mailboxSyncs)
      .set({ cursor: { uidValidity: await dovecot.uidValidity(MAILBOX.user), lastUid: 0 } })
      .where(eq(mailboxSyncs.key, IMAP_SYNC_KEY));
    expect(await sync()).toEqual({ rescanned: false, read: 8, recorded: 0 });

    await dovecot.resetUidValidity(MAILBOX.user);
    expect(await sync()).toEqual({ rescanned: true, read: 8, recorded: 0 });
    expect(await inboundCount()).toBe(before);
  });

  it('is read by the periodic job, which keeps a failure on the sync record and goes on', async () => {
    await dovecot.append(MAILBOX.user, fixture('outlook-reply'));
    const before = await inboundCount();
    const queued: string[] = [];
    const recorder = { ...t.ctx, mailboxSyncQueue: { syncNow: async (key: string) => queued.push(key) > 0 } };
    await syncMailboxesJob.handle!(recorder, {}, attempt);
    expect(queued).toEqual([IMAP_SYNC_KEY]);
    await syncMailboxJob.handle!(t.ctx, { key: IMAP_SYNC_KEY }, attempt);
    expect(await inboundCount()).toBe(before + 1);

    const wrong = {
      ...t.ctx,
      config: {
        ...t.ctx.config,
        mail: {
          ...t.ctx.config.mail,
          imap: {
            ...t.ctx.config.mail.imap!,
            url: `imap://${encodeURIComponent(MAILBOX.user)}:wrong-password@127.0.0.1:${dovecot.port}`,
          },
        },
      },
    };
    await syncMailboxJob.handle!(wrong, { key: IMAP_SYNC_KEY }, attempt);
    const [state] = await t.ctx.db.select().from(mailboxSyncs).where(eq(mailboxSyncs.key, IMAP_SYNC_KEY));
    expect(state!.lastError).toMatch(/auth|credentials|login/i);
    expect(state!.leaseToken).toBeNull();
  });

  it('syncs when the user presses Check now, and shows how the sync stands', async () => {
    const status = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/mailbox/sync-status', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    // The failed sync of the test before is what Settings shows first.
    expect((await status()).mailbox).toMatchObject({
      kind: 'imap',
      address: `${MAILBOX.user} on 127.0.0.1`,
      canRead: true,
      lastError: expect.stringMatching(/auth|credentials|login/i),
    });
    await dovecot.append(MAILBOX.user, fixture('out-of-office-fr-subject'));
    const before = await inboundCount();
    const res = await t.app.inject({ method: 'POST', url: '/api/mailbox/sync', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ queued: true });
    // The worker of this app runs the queued sync.
    await vi.waitFor(async () => expect(await inboundCount()).toBe(before + 1), { timeout: 20_000 });
    await vi.waitFor(async () =>
      expect((await status()).mailbox).toMatchObject({ lastError: null, syncing: false }),
    );
    const { mailbox, hint, intervalSeconds } = await status();
    expect(Date.parse(mailbox.lastSyncedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(hint).toBeNull();
    expect(intervalSeconds).toBe(120);
  });

  it('leaves the mailbox to the worker that holds its lease', async () => {
    const now = new Date();
    const held = await takeSyncLease(
      t.ctx.db,
      IMAP_SYNC_KEY,
      'other-worker',
      now,
      new Date(now.getTime() + 60_000),
    );
    expect(held).not.toBeNull();
    expect(await sync()).toEqual({ skipped: 'another worker is syncing' });
    // Once that lease has run out, the mailbox is free again.
    await t.ctx.db
      .update(mailboxSyncs)
      .set({ leaseUntil: new Date(now.getTime() - 1) })
      .where(and(eq(mailboxSyncs.key, IMAP_SYNC_KEY), eq(mailboxSyncs.leaseToken, 'other-worker')));
    expect(await sync()).toMatchObject({ read: 0 });
  });
});

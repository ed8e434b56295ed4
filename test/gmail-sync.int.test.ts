import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emails, inboundMessages, mailboxSyncs, unsubscribes } from '../src/server/db/schema';
import { gmailInbox } from '../src/server/mail/gmail-inbox';
import { defaultMailboxOf } from '../src/server/queries/mailboxes';
import { syncGmailMailbox } from '../src/server/services/conversations/sync-gmail';
import { mailboxesToSync, syncMailbox } from '../src/server/services/conversations/sync-mailbox';
import { providerAccess } from '../src/server/services/provider-token';
import type { FakeMailProviders } from './fakes/mail-providers';
import type { FakeOidc } from './fakes/oidc-provider';
import { defaultMailboxIdOf } from './support/factories';
import { inboundFixture } from './support/inbound';
import { startProviderApp } from './support/provider-app';
import { recipientAddressOf, reply, sendCampaignThroughMailbox } from './support/provider-mailbox';
import { signInWithProvider } from './support/provider-sign-in';
import { stopPeriodicMailboxSync, type TestApp } from './support/test-app';

const SENDER = 'pat@gmail.test';

/** The Gmail mailbox sync against the Gmail fake: history, re-scan, threads, paging, Check now. */
describe('syncing a Gmail mailbox', () => {
  let oidc: FakeOidc;
  let mail: FakeMailProviders;
  let t: TestApp;
  let close: () => Promise<void>;
  let cookie: string;
  let userId: number;
  let sent: (typeof emails.$inferSelect)[];
  let mailboxId: number;
  const key = () => `mailbox:${mailboxId}`;
  const sync = () => syncMailbox(t.ctx, key(), () => new Date());
  const inbound = () => t.ctx.db.select().from(inboundMessages).where(eq(inboundMessages.userId, userId));
  const emailRow = async (id: number) => (await t.ctx.db.select().from(emails).where(eq(emails.id, id)))[0]!;

  beforeAll(async () => {
    ({ oidc, mail, t, close } = await startProviderApp());
    await stopPeriodicMailboxSync(t);
    ({ cookie, userId } = await signInWithProvider(t, oidc, 'google', SENDER));
    mailboxId = await defaultMailboxIdOf(t.ctx.db, userId);
    sent = await sendCampaignThroughMailbox(t, cookie, userId, 3);
  });
  afterAll(() => close?.());

  it("stores Gmail's thread of each sent email", () => {
    const threads = mail.sent('gmail').map((m) => m.threadId);
    expect(sent.map((e) => e.providerThreadId).sort()).toEqual([...threads].sort());
    expect(new Set(threads).size).toBe(3);
  });

  it('reads the last days the first time: a reply, a reply known only by its thread, a hard bounce', async () => {
    const [a, b, c] = sent as [(typeof sent)[0], (typeof sent)[0], (typeof sent)[0]];
    await mail.deliver(
      'gmail',
      reply({
        from: 'r0@example.com',
        to: SENDER,
        inReplyTo: a.messageId!,
        id: 'one',
        text: 'Yes, tell me more.',
      }),
    );
    // A client that dropped In-Reply-To and References: only Gmail's thread ties it to our email.
    const bare = await mail.deliver(
      'gmail',
      reply({ from: 'r1@example.com', to: SENDER, id: 'two', text: 'Sounds good.' }),
      {
        threadOf: mail.sent('gmail').find((m) => m.messageId === b.messageId)!.id,
      },
    );
    const bounce = inboundFixture('postfix-bounce-5.1.1')
      .toString()
      .replaceAll('<tailor.123.abc@mail.example.com>', c.messageId!)
      .replaceAll('bob@martin-sons.example', await recipientAddressOf(t, c));
    await mail.deliver('gmail', bounce);
    await mail.deliver(
      'gmail',
      reply({ from: 'news@letters.example', to: SENDER, id: 'news', text: 'Our weekly news.' }),
    );

    expect(await sync()).toEqual({ rescanned: true, read: 4, recorded: 3 });
    expect((await emailRow(a.id)).repliedAt).not.toBeNull();
    expect((await emailRow(b.id)).repliedAt).not.toBeNull();
    expect(await emailRow(c.id)).toMatchObject({ bounceKind: 'hard', repliedAt: null });
    const rows = await inbound();
    expect(rows.map((r) => r.kind).sort()).toEqual(['bounce', 'reply', 'reply']);
    const threaded = rows.find((r) => r.emailId === b.id)!;
    expect(threaded.link).toBe(
      `https://mail.google.com/mail/?authuser=pat%40gmail.test#all/${bare.threadId}`,
    );
    const suppressed = await t.ctx.db.select().from(unsubscribes).where(eq(unsubscribes.userId, userId));
    expect(suppressed).toMatchObject([{ reason: 'bounced', emailId: c.id }]);
  });

  it('then reads only what is new, and nothing when nothing is', async () => {
    await mail.deliver(
      'gmail',
      reply({
        from: 'r0@example.com',
        to: SENDER,
        inReplyTo: sent[0]!.messageId!,
        id: 'three',
        text: 'One more thing.',
      }),
    );
    expect(await sync()).toEqual({ rescanned: false, read: 1, recorded: 1 });
    expect(await sync()).toEqual({ rescanned: false, read: 0, recorded: 0 });
  });

  it('re-reads the last days when Gmail has dropped the history, recording nothing twice', async () => {
    const before = (await inbound()).length;
    mail.expireHistory('gmail');
    expect(await sync()).toEqual({ rescanned: true, read: 5, recorded: 0 });
    expect(await inbound()).toHaveLength(before);
    // The new cursor works again.
    expect(await sync()).toEqual({ rescanned: false, read: 0, recorded: 0 });
  });

  it('reads page after page, losing and repeating nothing', async () => {
    for (const n of [1, 2, 3]) {
      await mail.deliver(
        'gmail',
        reply({
          from: 'r2@example.com',
          to: SENDER,
          inReplyTo: sent[2]!.messageId!,
          id: `page-${n}`,
          text: `Answer ${n}`,
        }),
      );
    }
    const access = await providerAccess(t.ctx, (await defaultMailboxOf(t.ctx.db, userId))!);
    const inbox = gmailInbox({
      baseUrl: t.ctx.config.mail.gmailApiUrl,
      token: access.token,
      timeoutMs: 5_000,
    });
    const deps = {
      db: t.ctx.db,
      inbox,
      mailbox: { userId, address: SENDER },
      key: key(),
      now: () => new Date(),
      rescanDays: 7,
      pageSize: 1,
    };
    expect(await syncGmailMailbox(deps)).toEqual({ rescanned: false, read: 3, recorded: 3 });
    mail.expireHistory('gmail');
    expect(await syncGmailMailbox(deps)).toEqual({ rescanned: true, read: 8, recorded: 0 });
  });

  it('leaves the mailbox to a sync already running', async () => {
    const [first, second] = await Promise.all([sync(), sync()]);
    expect([first, second]).toContainEqual({ skipped: 'another worker is syncing' });
  });

  it('is listed for the periodic sync and runs on Check now', async () => {
    expect(await mailboxesToSync(t.ctx)).toContain(key());
    await mail.deliver(
      'gmail',
      reply({
        from: 'r1@example.com',
        to: SENDER,
        inReplyTo: sent[1]!.messageId!,
        id: 'later',
        text: 'Call me.',
      }),
    );
    const before = (await inbound()).length;
    const res = await t.app.inject({ method: 'POST', url: '/api/mailbox/sync', headers: { cookie } });
    expect(res.json()).toEqual({ queued: true });
    await vi.waitFor(async () => expect(await inbound()).toHaveLength(before + 1), { timeout: 20_000 });
    const status = (await t.app.inject({ url: '/api/mailbox/sync-status', headers: { cookie } })).json();
    expect(status.mailbox).toMatchObject({ kind: 'gmail', address: SENDER, canRead: true, lastError: null });
    const [state] = await t.ctx.db
      .select()
      .from(mailboxSyncs)
      .where(and(eq(mailboxSyncs.key, key())));
    expect(state!.cursor).toMatchObject({ historyId: expect.any(String) });
  });
});

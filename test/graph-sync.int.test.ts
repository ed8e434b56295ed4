import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emails, inboundMessages, mailboxSyncs, oauthAccounts, unsubscribes } from '../src/server/db/schema';
import { graphInbox } from '../src/server/mail/graph-inbox';
import { defaultMailboxOf } from '../src/server/queries/mailboxes';
import { syncGraphMailbox } from '../src/server/services/conversations/sync-graph';
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

const SENDER = 'pat@outlook.test';

/** The Outlook mailbox sync against the Graph fake: delta rounds, expiry, resuming mid-round, scopes, Check now. */
describe('syncing an Outlook mailbox', () => {
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
    ({ cookie, userId } = await signInWithProvider(t, oidc, 'microsoft', SENDER));
    mailboxId = await defaultMailboxIdOf(t.ctx.db, userId);
    sent = await sendCampaignThroughMailbox(t, cookie, userId, 3);
  });
  afterAll(() => close?.());

  it('reads the last days the first time: a reply, an Exchange bounce, an out-of-office', async () => {
    const [a, b, c] = sent as [(typeof sent)[0], (typeof sent)[0], (typeof sent)[0]];
    await mail.deliver(
      'graph',
      reply({
        from: 'r0@example.com',
        to: SENDER,
        inReplyTo: a.messageId!,
        id: 'one',
        text: 'Yes, tell me more.',
      }),
    );
    const ndr = inboundFixture('exchange-ndr')
      .toString()
      .replaceAll('<tailor.126.jkl@mail.example.com>', b.messageId!)
      .replaceAll('erin@contoso.example', await recipientAddressOf(t, b));
    await mail.deliver('graph', ndr);
    const away = inboundFixture('out-of-office-rfc3834')
      .toString()
      .replaceAll('<tailor.123.abc@mail.example.com>', c.messageId!);
    await mail.deliver('graph', away);
    await mail.deliver(
      'graph',
      reply({ from: 'news@letters.example', to: SENDER, id: 'news', text: 'Our weekly news.' }),
    );

    expect(await sync()).toEqual({ rescanned: true, read: 4, recorded: 3 });
    expect((await emailRow(a.id)).repliedAt).not.toBeNull();
    expect(await emailRow(b.id)).toMatchObject({ bounceKind: 'hard', repliedAt: null });
    expect((await emailRow(c.id)).repliedAt).toBeNull();
    const rows = await inbound();
    expect(rows.map((r) => r.kind).sort()).toEqual(['auto-reply', 'bounce', 'reply']);
    const answer = rows.find((r) => r.kind === 'reply')!;
    expect(answer.snippet).toBe('Yes, tell me more.');
    expect(answer.link).toMatch(/^https:\/\/outlook\.office365\.com\/owa\/\?ItemID=/);
    const suppressed = await t.ctx.db.select().from(unsubscribes).where(eq(unsubscribes.userId, userId));
    expect(suppressed).toMatchObject([{ reason: 'bounced', emailId: b.id }]);
  });

  it('then reads only what is new, and nothing when nothing is', async () => {
    await mail.deliver(
      'graph',
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

  it('starts a new round when Outlook has dropped the sync state, recording nothing twice', async () => {
    const before = (await inbound()).length;
    mail.expireHistory('graph');
    expect(await sync()).toEqual({ rescanned: true, read: 5, recorded: 0 });
    expect(await inbound()).toHaveLength(before);
    expect(await sync()).toEqual({ rescanned: false, read: 0, recorded: 0 });
  });

  it('resumes a round cut short at the page it was reading, losing and repeating nothing', async () => {
    for (const n of [1, 2, 3]) {
      await mail.deliver(
        'graph',
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
    const inbox = graphInbox({
      baseUrl: t.ctx.config.mail.graphApiUrl,
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
    // The worker dies while reading the second page.
    let pages = 0;
    const dying = {
      ...inbox,
      follow: async (link: string, size: number) => {
        if (++pages === 2) throw new Error('killed');
        return inbox.follow(link, size);
      },
    };
    await expect(syncGraphMailbox({ ...deps, inbox: dying })).rejects.toThrow('killed');
    expect((await inbound()).filter((r) => r.snippet.startsWith('Answer'))).toHaveLength(1);
    expect(await syncGraphMailbox(deps)).toEqual({ rescanned: false, read: 2, recorded: 2 });
    expect((await inbound()).filter((r) => r.snippet.startsWith('Answer'))).toHaveLength(3);
  });

  it('reads nothing without Mail.Read, and says how to allow it', async () => {
    const other = await signInWithProvider(t, oidc, 'microsoft', 'basic@outlook.test');
    await t.ctx.db
      .update(oauthAccounts)
      .set({ scopes: 'openid email profile offline_access User.Read Mail.Send Mail.ReadBasic' })
      .where(eq(oauthAccounts.userId, other.userId));
    const otherKey = `mailbox:${await defaultMailboxIdOf(t.ctx.db, other.userId)}`;
    expect(await syncMailbox(t.ctx, otherKey, () => new Date())).toBeNull();
    expect(await mailboxesToSync(t.ctx)).not.toContain(otherKey);
    const status = (
      await t.app.inject({ url: '/api/mailbox/sync-status', headers: { cookie: other.cookie } })
    ).json();
    expect(status.mailbox).toMatchObject({ kind: 'outlook', canRead: false });
    expect(status.hint).toMatch(/sign in again/i);
  });

  it('is listed for the periodic sync and runs on Check now', async () => {
    expect(await mailboxesToSync(t.ctx)).toContain(key());
    await mail.deliver(
      'graph',
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
    expect(status.mailbox).toMatchObject({
      kind: 'outlook',
      address: SENDER,
      canRead: true,
      lastError: null,
    });
    const [state] = await t.ctx.db
      .select()
      .from(mailboxSyncs)
      .where(and(eq(mailboxSyncs.key, key())));
    expect(state!.cursor).toMatchObject({ link: expect.stringContaining('$deltatoken=') });
  });
});

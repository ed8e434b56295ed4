import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, mailboxes, recipients } from '../../src/server/db/schema';
import { closeMailboxRelays } from '../../src/server/mail/mailbox-servers';
import { syncMailbox } from '../../src/server/services/conversations/sync-mailbox';
import { releaseDueEmails } from '../../src/server/services/sending/scheduled';
import { rawHeader } from '../fakes/smtp-sink';
import { createCampaignWithFollowUps } from '../support/factories';
import { waitUntil } from '../support/http-client';
import { startTestApp, stopPeriodicMailboxSync, type TestApp, testDatabases } from '../support/test-app';
import { type Dovecot, dovecotUnavailable, startDovecot } from './dovecot';
import { type PrivatePostfix, postfixUnavailable, startPrivatePostfix } from './private-postfix';

/**
 * Mailboxes set up in the app with their own SMTP and IMAP login, against real servers: a private
 * Postfix that takes mail only after SMTP AUTH against a private Dovecot's users, whose INBOXes
 * the app reads. Two people's worth of mailboxes for one sender, a campaign spread over them.
 */
const unavailable = postfixUnavailable() ?? dovecotUnavailable();
if (unavailable) console.warn(`test/peers skipped: ${unavailable}`);

type EmailRow = typeof emails.$inferSelect;

describe.skipIf(unavailable !== null).each(testDatabases())('mailboxes with their own login (%s)', (kind) => {
  let dovecot: Dovecot;
  let postfix: PrivatePostfix;
  let t: TestApp;
  let cookie: string;
  let userId: number;
  const alice = { user: 'alice@peers.test', password: 'alice-secret' };
  const bob = { user: 'bob@peers.test', password: 'bob-secret' };
  const ids: Record<string, number> = {};

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined && { payload }) });
  const login = (who: { user: string; password: string }) => ({
    host: '127.0.0.1',
    port: postfix.port,
    security: 'none',
    user: who.user,
    password: who.password,
  });
  const imapLogin = (who: { user: string; password: string }) => ({ ...login(who), port: dovecot.port });
  const campaignEmails = (campaignId: number) =>
    t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaignId)).orderBy(emails.id);
  const delivered = async () => (await postfix.messages()).filter((m) => m.mailbox === 'catchall');

  beforeAll(async () => {
    dovecot = await startDovecot({ users: [alice, bob] });
    postfix = await startPrivatePostfix({ mailboxes: ['lead'], saslSocket: dovecot.authSocket });
    t = await startTestApp(kind, { SEND_PACING: 'false' });
    await stopPeriodicMailboxSync(t);
    cookie = await t.signIn('owner@example.com');
    userId = (await call('GET', '/api/auth/user')).json().id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await postfix?.close();
    await dovecot?.stop();
  });

  it("refuses a wrong password with the server's own answer and saves nothing, then saves both mailboxes", async () => {
    const wrong = await call('POST', '/api/mailboxes', {
      address: alice.user,
      smtp: login({ ...alice, password: 'not-her-password' }),
      imap: imapLogin(alice),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toMatch(
      /^The SMTP server at 127\.0\.0\.1:\d+ refused the login: .*535.*Check the SMTP user name and password/,
    );
    expect((await call('GET', '/api/mailboxes')).json()).toHaveLength(1);

    const badImap = await call('POST', '/api/mailboxes', {
      address: alice.user,
      smtp: login(alice),
      imap: imapLogin({ ...alice, password: 'nope' }),
    });
    expect(badImap.statusCode).toBe(422);
    expect(badImap.json().message).toMatch(/^The IMAP server .* refused the login/);

    for (const [name, who] of [
      ['alice', alice],
      ['bob', bob],
    ] as const) {
      const res = await call('POST', '/api/mailboxes', {
        address: who.user,
        displayName: `${name} sends`,
        smtp: login(who),
        imap: imapLogin(who),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        kind: 'smtp',
        address: who.user,
        state: 'active',
        isDefault: false,
      });
      expect(res.json().smtp).toEqual({
        host: '127.0.0.1',
        port: postfix.port,
        security: 'none',
        user: who.user,
      });
      expect(JSON.stringify(res.json())).not.toContain(who.password);
      ids[name] = res.json().id;
    }
    // Stored encrypted, never as typed.
    const [stored] = await t.ctx.db.select().from(mailboxes).where(eq(mailboxes.id, ids.alice!));
    expect(stored!.smtpPasswordEnc).not.toContain(alice.password);
    expect(t.ctx.tokens.decrypt(stored!.smtpPasswordEnc!)).toBe(alice.password);
  });

  it('spreads a three-step campaign over both: each recipient’s emails leave from one mailbox, threaded, and a reply in either stops them', async () => {
    const campaign = await createCampaignWithFollowUps(t.ctx.db, userId, 6);
    // A third step, and every follow-up approved; recipients at the Postfix's domain.
    for (const statement of [
      `insert into campaign_steps (campaign_id, step, delay_days) values (${campaign.id}, 3, 2)`,
      `insert into emails (workspace_id, user_id, campaign_id, recipient_id, step, subject, body, is_approved,
                           status, include_unsubscribe_link, tracking_token)
         select workspace_id, user_id, campaign_id, recipient_id, 3, 'Re: ' || subject, '<p>Last note</p>', true,
                'draft', true, md5(random()::text || id::text)
         from emails where campaign_id = ${campaign.id} and step = 1`,
      `update emails set is_approved = true where campaign_id = ${campaign.id}`,
      `update recipients set email = 'r' || row_number || '@${postfix.domain}' where campaign_id = ${campaign.id}`,
    ])
      await t.ctx.db.execute(statement);
    const chosen = await call('PUT', `/api/campaigns/${campaign.id}/mailboxes`, {
      mailboxIds: [ids.alice, ids.bob],
    });
    expect(chosen.json().mailboxIds).toEqual([ids.alice, ids.bob]);

    expect((await call('POST', `/api/campaigns/${campaign.id}/send-approved`, {})).json()).toMatchObject({
      successCount: 6,
      dailyLimit: 1000,
    });
    await waitUntil(
      async () =>
        (await campaignEmails(campaign.id)).filter((e) => e.step === 1 && e.status === 'sent').length === 6,
      30_000,
      'six first emails sent',
    );
    // Spread by what each had left today: three each.
    const given = await t.ctx.db
      .select({ id: recipients.id, email: recipients.email, mailboxId: recipients.mailboxId })
      .from(recipients)
      .where(eq(recipients.campaignId, campaign.id));
    const mailboxOf = new Map(given.map((r) => [r.id, r.mailboxId]));
    expect(given.filter((r) => r.mailboxId === ids.alice)).toHaveLength(3);
    expect(given.filter((r) => r.mailboxId === ids.bob)).toHaveLength(3);
    const addressOf = (mailboxId: number | null) => (mailboxId === ids.alice ? alice.user : bob.user);

    // One recipient of each mailbox answers, in that mailbox; each mailbox's own sync reads it.
    const rows = await campaignEmails(campaign.id);
    const firstOf = (recipientId: number) => rows.find((e) => e.recipientId === recipientId && e.step === 1)!;
    const replier = (mailboxId: number) => given.find((r) => r.mailboxId === mailboxId)!;
    for (const [mailboxId, who] of [
      [ids.alice!, alice],
      [ids.bob!, bob],
    ] as const) {
      const first = firstOf(replier(mailboxId).id);
      await dovecot.append(who.user, replyTo(first, replier(mailboxId).email, who.user));
      const report = await syncMailbox(t.ctx, `mailbox:${mailboxId}`, () => new Date());
      expect(report).toMatchObject({ recorded: 1 });
    }
    const stopped = (await campaignEmails(campaign.id)).filter((e) => e.status === 'stopped');
    expect([...new Set(stopped.map((e) => e.recipientId))].sort()).toEqual(
      [replier(ids.alice!).id, replier(ids.bob!).id].sort(),
    );

    // The follow-ups fall due (steps 2, then 3): each leaves from its recipient's mailbox, in the thread.
    for (const step of [2, 3]) {
      await t.ctx.db
        .update(emails)
        .set({ scheduledFor: new Date(Date.now() - 1000) })
        .where(
          and(eq(emails.campaignId, campaign.id), eq(emails.step, step), eq(emails.status, 'scheduled')),
        );
      await releaseDueEmails(t.ctx.db, t.ctx.sendQueue, new Date(Date.now() + 86_400_000));
      await waitUntil(
        async () =>
          (await campaignEmails(campaign.id)).filter((e) => e.step === step && e.status === 'sent').length ===
          4,
        30_000,
        `four step-${step} emails sent`,
      );
    }
    const sent = (await campaignEmails(campaign.id)).filter((e) => e.status === 'sent');
    expect(sent).toHaveLength(6 + 4 + 4);
    const messages = await waitUntil(
      async () => ((await delivered()).length >= sent.length ? delivered() : false),
      30_000,
      'every message delivered by Postfix',
    );
    expect(messages).toHaveLength(sent.length);
    const byMessageId = new Map(messages.map((m) => [rawHeader(m.raw, 'Message-ID'), m.raw]));
    for (const email of sent) {
      const raw = byMessageId.get(email.messageId!)!;
      expect(raw, `message of email ${email.id}`).toBeDefined();
      expect(rawHeader(raw, 'From')).toContain(addressOf(mailboxOf.get(email.recipientId)!));
      if (email.step > 1)
        expect(rawHeader(raw, 'References')).toContain(firstOf(email.recipientId).messageId!);
    }
  });

  it('pauses only the mailbox whose password changed, says so, and resumes once it is entered', async () => {
    await dovecot.setPassword(bob.user, 'bob-new-secret');
    // A session logged in before the change stays logged in until it ends, on any SMTP server; the
    // app's pooled ones end when idle. End them now, as the idle timer would.
    closeMailboxRelays();
    const campaign = await createCampaignWithFollowUps(t.ctx.db, userId, 4);
    await t.ctx.db.execute(
      `update recipients set email = 'p' || row_number || '@${postfix.domain}' where campaign_id = ${campaign.id}`,
    );
    await call('PUT', `/api/campaigns/${campaign.id}/mailboxes`, { mailboxIds: [ids.alice, ids.bob] });
    const before = (await delivered()).length;
    await call('POST', `/api/campaigns/${campaign.id}/send-approved`, {});
    const firsts = (rows: EmailRow[]) => rows.filter((e) => e.step === 1);
    await waitUntil(
      async () =>
        (await campaignEmails(campaign.id)).filter((e) => e.step === 1 && e.status === 'sent').length === 2,
      30_000,
      "alice's two sent",
    );
    // Bob's server refuses the login (after its own delay for failed logins): his mailbox waits.
    type Listed = { id: number; state: string; stateMessage: string };
    const list = await waitUntil(
      async () => {
        const listed = (await call('GET', '/api/mailboxes')).json() as Listed[];
        return listed.find((m) => m.id === ids.bob)?.state === 'needs_credentials' ? listed : false;
      },
      30_000,
      "bob's mailbox waiting for its password",
    );
    expect(list.find((m) => m.id === ids.alice)).toMatchObject({ state: 'active' });
    expect(list.find((m) => m.id === ids.bob)?.stateMessage).toContain('Enter the current password');
    // Bob's recipients wait, queued, neither failed nor sent; Alice's went.
    const waiting = firsts(await campaignEmails(campaign.id)).filter((e) => e.status !== 'sent');
    expect(waiting.map((e) => e.status)).toEqual(['queued', 'queued']);
    expect((await delivered()).length).toBe(before + 2);

    // A wrong password is refused again; the right one is saved and the waiting emails go out.
    const stillWrong = await call('PUT', `/api/mailboxes/${ids.bob}`, { smtp: login(bob) });
    expect(stillWrong.statusCode).toBe(422);
    // The saved password never goes to another server: a changed host needs it typed again.
    const { password: _, ...elsewhere } = { ...login(bob), host: 'localhost' };
    const moved = await call('PUT', `/api/mailboxes/${ids.bob}`, { smtp: elsewhere });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('Enter the password again: the server or user name changed');
    const fixed = await call('PUT', `/api/mailboxes/${ids.bob}`, {
      smtp: login({ ...bob, password: 'bob-new-secret' }),
      imap: imapLogin({ ...bob, password: 'bob-new-secret' }),
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ state: 'active' });
    await waitUntil(
      async () => firsts(await campaignEmails(campaign.id)).every((e) => e.status === 'sent'),
      30_000,
      "bob's two sent after the new password",
    );
    expect((await delivered()).length).toBe(before + 4);
  });

  it("answers 404 for another person's mailbox, and refuses to remove one emails still wait for", async () => {
    const other = await t.signIn('other@example.com');
    for (const [method, url, payload] of [
      ['PUT', `/api/mailboxes/${ids.alice}`, { displayName: 'Taken' }],
      ['POST', `/api/mailboxes/${ids.alice}/resume`, undefined],
      ['DELETE', `/api/mailboxes/${ids.alice}`, undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie: other },
        ...(payload && { payload }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const mine = (await t.app.inject({ url: '/api/mailboxes', headers: { cookie: other } })).json();
    expect(mine.map((m: { id: number }) => m.id)).not.toContain(ids.alice);

    const defaultId = (await call('GET', '/api/mailboxes'))
      .json()
      .find((m: { isDefault: boolean }) => m.isDefault).id;
    expect((await call('DELETE', `/api/mailboxes/${defaultId}`)).statusCode).toBe(409);
    // Alice's recipients still have follow-ups scheduled from her mailbox.
    const refused = await call('DELETE', `/api/mailboxes/${ids.alice}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/still wait to leave from this mailbox/);
    const waitingIds = (
      await t.ctx.db
        .select({ id: emails.id })
        .from(emails)
        .innerJoin(recipients, eq(recipients.id, emails.recipientId))
        .where(and(eq(recipients.mailboxId, ids.alice!), inArray(emails.status, ['queued', 'scheduled'])))
    ).map((r) => r.id);
    expect(waitingIds.length).toBeGreaterThan(0);
  });
});

/** A reply to a sent email, as the recipient's mail program writes it. */
function replyTo(first: EmailRow, from: string, to: string) {
  return [
    `From: <${from}>`,
    `To: <${to}>`,
    `Subject: Re: ${first.subject}`,
    `Message-ID: <reply-${first.id}@peers.example>`,
    `In-Reply-To: ${first.messageId}`,
    `References: ${first.messageId}`,
    `Date: ${new Date().toUTCString()}`,
    '',
    'Thanks, happy to talk next week.',
    '',
  ].join('\r\n');
}

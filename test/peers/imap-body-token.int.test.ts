import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignStats, unsubscribes, users } from '../../src/server/db/schema';
import { openImapInboxOnThread } from '../../src/server/services/conversations/imap-thread';
import { syncImapMailbox } from '../../src/server/services/conversations/sync-imap';
import { createCampaign, createRecipientWithEmail } from '../support/factories';
import { emailedRequest } from '../support/inbound';
import { startTestApp, stopPeriodicMailboxSync, type TestApp, testDatabases } from '../support/test-app';
import { type Dovecot, dovecotUnavailable, startDovecot } from './dovecot';

// The UIDs the sync reads whole: the mailbox it opens is wrapped to note them.
const readWhole: number[] = [];
const openNotingReads: typeof openImapInboxOnThread = async (settings) => {
  const inbox = await openImapInboxOnThread(settings);
  return {
    ...inbox,
    messages: (uids: number[], maxBytes: number) => {
      readWhole.push(...uids);
      return inbox.messages(uids, maxBytes);
    },
  };
};

const unavailable = dovecotUnavailable();
if (unavailable) console.warn(`test/peers skipped: ${unavailable}`);

const MAILBOX = { user: 'alice@example.com', password: 'inbox-password' };
/** A newsletter: "unsubscribe" in its body, as in every one, and a list's headers. */
const NEWSLETTER = [
  'From: News <news@letters.example>',
  `To: ${MAILBOX.user}`,
  'Subject: This week in gardening',
  'Message-ID: <weekly.79@letters.example>',
  'List-Id: <gardening.letters.example>',
  'Date: Wed, 2 Dec 2026 09:00:00 +0000',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Tulips. To unsubscribe from this list, follow the link below.',
  '',
].join('\r\n');

/**
 * The IMAP mailbox: a request whose token is only in its body is found by the server's SEARCH BODY
 * and honoured for its campaign; an ordinary message and a newsletter are not read whole.
 */
describe.skipIf(unavailable !== null).each(testDatabases())(
  'a body-only token request over IMAP (%s)',
  (kind) => {
    let dovecot: Dovecot;
    let t: TestApp;
    let userId: number;

    beforeAll(async () => {
      dovecot = await startDovecot({ users: [MAILBOX] });
      const user = encodeURIComponent(MAILBOX.user);
      t = await startTestApp(kind, {
        IMAP_URL: `imap://${user}:${MAILBOX.password}@127.0.0.1:${dovecot.port}`,
      });
      await stopPeriodicMailboxSync(t);
      await t.signIn(MAILBOX.user);
      userId = (await t.ctx.db.select().from(users).where(eq(users.email, MAILBOX.user)))[0]!.id;
    });
    afterAll(async () => {
      await t?.close();
      await dovecot?.stop();
    });

    it('is honoured for its campaign, and plain mail and bulk mail stay on the server', async () => {
      const campaign = await createCampaign(t.ctx.db, userId);
      const { email } = await createRecipientWithEmail(t.ctx.db, campaign, {
        email: 'reader@example.org',
        status: 'sent',
        sentAt: new Date(),
        messageId: '<sent-imap-body-token@mail.example.com>',
      });
      const body = `Hi, please take me off your list.\r\n\r\nunsubscribe ${email.trackingToken}\r\n\r\nRea`;
      const { uid } = await dovecot.append(
        MAILBOX.user,
        emailedRequest('Reader <reader@example.org>', MAILBOX.user, 'Hello', body),
      );
      await dovecot.append(
        MAILBOX.user,
        emailedRequest('Sam <sam@example.org>', MAILBOX.user, 'Lunch?', 'Shall we have lunch on Thursday?'),
      );
      await dovecot.append(MAILBOX.user, NEWSLETTER);

      readWhole.length = 0;
      const sync = () =>
        syncImapMailbox({
          db: t.ctx.db,
          settings: t.ctx.config.mail.imap!,
          now: () => new Date(),
          openInbox: openNotingReads,
        });
      expect(await sync()).toEqual({ rescanned: true, read: 3, recorded: 1 });
      expect(readWhole).toEqual([uid]);
      const [row] = await t.ctx.db.select().from(unsubscribes).where(eq(unsubscribes.userId, userId));
      expect(row).toMatchObject({ email: 'reader@example.org', campaignId: campaign.id, emailId: email.id });
      const [stats] = await t.ctx.db
        .select()
        .from(campaignStats)
        .where(eq(campaignStats.campaignId, campaign.id));
      expect(stats?.unsubscribes).toBe(1);
    });
  },
);

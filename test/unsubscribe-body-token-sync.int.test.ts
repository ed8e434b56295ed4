import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignStats, unsubscribes } from '../src/server/db/schema';
import { gmailInbox } from '../src/server/mail/gmail-inbox';
import { graphInbox } from '../src/server/mail/graph-inbox';
import { defaultMailboxOf } from '../src/server/queries/mailboxes';
import { syncGmailMailbox } from '../src/server/services/conversations/sync-gmail';
import { syncGraphMailbox } from '../src/server/services/conversations/sync-graph';
import { providerAccess } from '../src/server/services/provider-token';
import type { FakeMailProviders } from './fakes/mail-providers';
import { createCampaign, createRecipientWithEmail } from './support/factories';
import { emailedRequest } from './support/inbound';
import { startProviderApp } from './support/provider-app';
import { signInWithProvider } from './support/provider-sign-in';
import type { TestApp } from './support/test-app';

const OWNER = 'alice@example.com';

/** A newsletter: it says "unsubscribe" in its body as every one does, and carries a list's headers. */
const NEWSLETTER = [
  'From: News <news@letters.example>',
  `To: ${OWNER}`,
  'Subject: This week in gardening',
  'Message-ID: <weekly.78@letters.example>',
  'List-Unsubscribe: <mailto:leave@letters.example>',
  'Date: Wed, 2 Dec 2026 09:00:00 +0000',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Tulips. To unsubscribe from this list, reply with the word unsubscribe.',
  '',
].join('\r\n');

/**
 * An emailed request whose token is only in its body (the mail program dropped the mailto's
 * subject, and the person wrote "unsubscribe <token>" as the footer asks), in a Gmail or Outlook
 * inbox, beside an ordinary message and a newsletter: the sync finds it through the provider's
 * body search (Gmail) or the listed preview (Outlook), reads only it whole, and ties it to its
 * campaign.
 */
describe.each([
  ['Gmail', 'google', 'gmail'],
  ['Outlook', 'microsoft', 'graph'],
] as const)(
  'an emailed unsubscribe with its token in the body alone, through %s',
  (_name, provider, fake) => {
    let mail: FakeMailProviders;
    let t: TestApp;
    let userId: number;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const app = await startProviderApp();
      ({ mail, t, close } = app);
      ({ userId } = await signInWithProvider(t, app.oidc, provider, OWNER));
    });
    afterAll(() => close?.());

    /** One sync of the mailbox, noting the ids of the messages it read whole. */
    async function syncNoting(readWhole: string[]) {
      const access = await providerAccess(t.ctx, (await defaultMailboxOf(t.ctx.db, userId))!);
      const client = { token: access.token, timeoutMs: 5_000 };
      const common = {
        db: t.ctx.db,
        mailbox: { userId, address: OWNER },
        key: `${provider}:${userId}`,
        now: () => new Date(),
        rescanDays: 7,
      };
      if (provider === 'google') {
        const inbox = gmailInbox({ ...client, baseUrl: t.ctx.config.mail.gmailApiUrl });
        const raw = (id: string) => {
          readWhole.push(id);
          return inbox.raw(id);
        };
        return syncGmailMailbox({ ...common, inbox: { ...inbox, raw } });
      }
      const inbox = graphInbox({ ...client, baseUrl: t.ctx.config.mail.graphApiUrl });
      const mime = (id: string) => {
        readWhole.push(id);
        return inbox.mime(id);
      };
      return syncGraphMailbox({ ...common, inbox: { ...inbox, mime } });
    }

    it('honours the request for its campaign, and reads neither the ordinary message nor the newsletter', async () => {
      const campaign = await createCampaign(t.ctx.db, userId);
      const { email } = await createRecipientWithEmail(t.ctx.db, campaign, {
        email: 'reader@example.org',
        status: 'sent',
        sentAt: new Date(),
        messageId: '<sent-body-token@mail.example.com>',
      });
      const request = await mail.deliver(
        fake,
        emailedRequest(
          'Reader <reader@example.org>',
          OWNER,
          'Hello',
          `Hi, please take me off your list.\r\n\r\nunsubscribe ${email.trackingToken}\r\n\r\nThanks, Rea`,
        ),
      );
      await mail.deliver(
        fake,
        emailedRequest('Sam <sam@example.org>', OWNER, 'Lunch?', 'Shall we have lunch on Thursday?'),
      );
      await mail.deliver(fake, NEWSLETTER);

      const readWhole: string[] = [];
      expect(await syncNoting(readWhole)).toMatchObject({ read: 3, recorded: 1 });
      expect(readWhole).toEqual([request.id]);
      const [row] = await t.ctx.db.select().from(unsubscribes).where(eq(unsubscribes.userId, userId));
      expect(row).toMatchObject({ email: 'reader@example.org', campaignId: campaign.id, emailId: email.id });
      const [stats] = await t.ctx.db
        .select()
        .from(campaignStats)
        .where(eq(campaignStats.campaignId, campaign.id));
      expect(stats?.unsubscribes).toBe(1);

      // What arrives next is listed from where the last sync stopped; plain mail is still left unread.
      await mail.deliver(
        fake,
        emailedRequest('Sam <sam@example.org>', OWNER, 'Re: Lunch?', 'Thursday it is, at noon.'),
      );
      const again: string[] = [];
      expect(await syncNoting(again)).toEqual({ rescanned: false, read: 1, recorded: 0 });
      expect(again).toEqual([]);
    });
  },
);

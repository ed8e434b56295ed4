import { rawHeader } from '../test/fakes/smtp-sink';
import { type JourneyMailbox, replyAndBounceJourney } from './conversation-support';
import { INBOX, SENDER, testWithMailPeers } from './mail-peers';
import { acceptTerms } from './support';

/**
 * The conversations journey of conversations.spec.ts over real mail servers (issue #16): a local
 * user's campaign goes out through SMTP_URL to a private Postfix, which delivers it into Maildirs;
 * the answers are put into a private Dovecot, which the app reads through IMAP_URL. The app the
 * config starts has neither, so this spec starts a second one of its own.
 */
const test = testWithMailPeers({ name: 'e2e-imap', mailboxes: ['ava', 'ben'] });

test('a campaign sent through Postfix, a reply and a bounce read from Dovecot on Check now: Replied and Bounced in review, the reply rate, and the bounced address skipped', async ({
  page,
  peers,
}) => {
  const { postfix, dovecot } = peers;
  const mailbox: JourneyMailbox = {
    shownAs: `${INBOX.user} on 127.0.0.1`,
    async deliveredTo(address) {
      const [local] = address.split('@');
      return (await postfix.messages())
        .filter((m) => m.mailbox === local)
        .map((m) => rawHeader(m.raw, 'Message-ID') ?? '(no Message-ID)');
    },
    async deliver(raw) {
      await dovecot.append(INBOX.user, raw);
    },
  };

  await page.goto('/');
  await page.getByRole('button', { name: 'Continue locally' }).click();
  await acceptTerms(page);

  await replyAndBounceJourney(page, mailbox, {
    sender: SENDER,
    ava: `ava@${postfix.domain}`,
    ben: `ben@${postfix.domain}`,
  });
});

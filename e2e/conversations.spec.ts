import { expect, type Page, test } from '@playwright/test';
import { FAKE_MAIL_PORT } from './app-env';
import { type JourneyMailbox, replyAndBounceJourney } from './conversation-support';
import { acceptTerms, nextOidcUser, uniqueEmail } from './support';

/** The fake Gmail the app sends through and reads from in these runs (see playwright.config.ts). */
const FAKE_MAIL = `http://127.0.0.1:${FAKE_MAIL_PORT}`;

type SentMail = { id: string; messageId: string | undefined; to: string[] };

/** The sender's Gmail, as the fake keeps it: what was sent from it, and its inbox. */
function fakeGmail(page: Page, sender: string): JourneyMailbox {
  return {
    shownAs: sender,
    async deliveredTo(address) {
      const res = await page.request.get(`${FAKE_MAIL}/__control/sent/gmail`);
      expect(res.ok()).toBe(true);
      return ((await res.json()) as SentMail[])
        .filter((m) => m.to.includes(address))
        .map((m) => m.messageId ?? '(no Message-ID)');
    },
    async deliver(raw) {
      const res = await page.request.post(`${FAKE_MAIL}/__control/deliver/gmail`, {
        headers: { 'content-type': 'message/rfc822' },
        data: raw,
      });
      expect(res.ok(), await res.text()).toBe(true);
    },
  };
}

test('a reply and a bounce read from Gmail on Check now: Replied and Bounced in review, the reply rate, and the bounced address skipped', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sender = uniqueEmail('conversations');
  await nextOidcUser(page, 'google', {
    sub: `g-${sender}`,
    email: sender,
    given_name: 'Ria',
    family_name: 'Reader',
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in with Gmail' }).click();
  await acceptTerms(page);

  await replyAndBounceJourney(page, fakeGmail(page, sender), {
    sender,
    ava: uniqueEmail('ava'),
    ben: uniqueEmail('ben'),
  });
});

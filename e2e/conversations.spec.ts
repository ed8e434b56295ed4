import { expect, type Page, test } from '@playwright/test';
// The fake Gmail this worker's app sends through and reads from (see e2e/app-env.ts).
import { FAKE_MAIL } from './app-env';
import { type JourneyMailbox, replyAndBounceJourney } from './conversation-support';
import { acceptTerms, nextOidcUser, uniqueEmail } from './support';

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

import { expect, type Page, test } from '@playwright/test';
// The fake Gmail and Graph APIs this worker's app sends through (see e2e/app-env.ts).
import { FAKE_MAIL } from './app-env';
import {
  bulkAction,
  confirmWithoutPostalAddress,
  openReview,
  readyCampaign,
  toast,
} from './campaign-support';
import { acceptTerms, nextOidcUser, uniqueEmail } from './support';

type SentMail = { id: string; messageId: string | undefined; to: string[]; raw: string };

/** Every message the fake Gmail accepted for any of `addresses`, oldest first. */
async function gmailSentTo(page: Page, addresses: string[]): Promise<SentMail[]> {
  const res = await page.request.get(`${FAKE_MAIL}/__control/sent/gmail`);
  expect(res.ok()).toBe(true);
  const wanted = new Set(addresses.map((a) => a.toLowerCase()));
  return ((await res.json()) as SentMail[]).filter((m) => m.to.some((a) => wanted.has(a.toLowerCase())));
}

/** A header's value from raw MIME text, with folded lines joined back up; undefined if absent. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const prefix = `${name.toLowerCase()}:`;
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(prefix));
  return line?.slice(prefix.length).trim();
}

test('send through Gmail, unsubscribe from the link in the message, and a later send to them is refused', async ({
  page,
}) => {
  // Two campaigns generated, sent and followed through the worker: more than one ordinary journey.
  const sender = uniqueEmail('gmail-sender');
  await nextOidcUser(page, 'google', {
    sub: `g-${sender}`,
    email: sender,
    given_name: 'Sam',
    family_name: 'Sender',
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in with Gmail' }).click();
  await acceptTerms(page);
  await expect(page.getByText(sender).first()).toBeVisible();

  // Addresses of this run only: the fake keeps every message it accepted while it runs.
  const [ava, ben, cleo] = [uniqueEmail('ava'), uniqueEmail('ben'), uniqueEmail('cleo')];
  const csv = `E-mail,First,Organisation\n${ava},Ava,Globex\n${ben},Ben,Initech\n${cleo},Cleo,Hooli\n`;
  await readyCampaign(page, 'Gmail journey', csv);
  const review = await openReview(page, 'Gmail journey', 3);
  await expect(review.getByText(ava)).toBeVisible();

  await review.getByRole('button', { name: 'Edit', exact: true }).click();
  await review.getByRole('textbox', { name: 'Subject' }).fill('Ava, a word from Gmail');
  await review.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Email updated')).toBeVisible();
  await expect(review.getByText('Ava, a word from Gmail')).toBeVisible();

  await bulkAction(page, review, 'Approve all');
  await expect(toast(page, '3 emails approved.')).toBeVisible();
  await review.getByRole('button', { name: 'Send now (3)', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send approved emails' });
  const sendAll = confirm.getByRole('button', { name: 'Send now', exact: true });
  await confirmWithoutPostalAddress(confirm, sendAll);
  await sendAll.click();
  await expect(toast(page, '3 emails are on their way.')).toBeVisible();
  await expect(review.getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });

  // The worker sent each email through the fake Gmail API with one-click unsubscribe headers.
  await expect
    .poll(async () => (await gmailSentTo(page, [ava, ben, cleo])).length, { timeout: 20_000 })
    .toBe(3);
  const sent = await gmailSentTo(page, [ava, ben, cleo]);
  for (const message of sent) {
    expect(header(message.raw, 'From')).toContain(sender);
    expect(header(message.raw, 'List-Unsubscribe')).toMatch(/<https?:\/\/[^>]+\/u\/[^>]+>/);
    expect(header(message.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  }
  const toAva = sent.find((m) => m.to.includes(ava))!;
  expect(header(toAva.raw, 'Subject')).toBe('Ava, a word from Gmail');
  expect(header(sent.find((m) => m.to.includes(cleo))!.raw, 'Subject')).toBe('Hello Cleo');

  // Ben follows the link from his message's List-Unsubscribe header in a browser.
  const toBen = sent.find((m) => m.to.includes(ben))!;
  const link = /<(https?:\/\/[^>]+\/u\/[^>]+)>/.exec(header(toBen.raw, 'List-Unsubscribe') ?? '')?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Unsubscribe', exact: true })).toBeVisible();
  await expect(page.getByText('Stop receiving emails from')).toBeVisible();
  await expect(page.getByText('b***@example.com')).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'You have been unsubscribed' })).toBeVisible();
  await expect(page.getByText('You have been unsubscribed.')).toBeVisible();
  // Looking again does not offer the button a second time.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Already unsubscribed' })).toBeVisible();

  // A new campaign to Ben: sending his email now is refused, and nothing reaches Gmail.
  await page.goto('/campaigns');
  await readyCampaign(page, 'Gmail follow-up', `E-mail,First,Organisation\n${ben},Ben,Initech\n`);
  const followUp = await openReview(page, 'Gmail follow-up', 1);
  await expect(followUp.getByText(ben)).toBeVisible();
  await followUp.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(followUp.getByRole('button', { name: 'Approved', exact: true })).toBeVisible();
  await followUp.getByRole('button', { name: 'Send now', exact: true }).click();
  await expect(toast(page, /^Unsubscribed$/)).toBeVisible();
  await expect(toast(page, 'This recipient has unsubscribed and was not sent an email.')).toBeVisible();
  await expect(followUp.getByText('Unsubscribed', { exact: true })).toBeVisible();
  expect(await gmailSentTo(page, [ben])).toHaveLength(1);
});

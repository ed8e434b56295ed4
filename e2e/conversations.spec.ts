import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { openReview, readyCampaign, toast } from './campaign-support';
import { acceptTerms, nextOidcUser, uniqueEmail } from './support';

/** The fake Gmail the app sends through and reads from in these runs (see playwright.config.ts). */
const FAKE_MAIL = 'http://127.0.0.1:4403';
const BOUNCE = fs.readFileSync(
  path.join(import.meta.dirname, '../test/fixtures/inbound/postfix-bounce-5.1.1.eml'),
  'utf8',
);

type SentMail = { id: string; messageId: string | undefined; to: string[] };

async function gmailSentTo(page: Page, address: string): Promise<SentMail[]> {
  const res = await page.request.get(`${FAKE_MAIL}/__control/sent/gmail`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as SentMail[]).filter((m) => m.to.includes(address));
}

/** A message arriving in the sender's Gmail inbox. */
async function deliver(page: Page, raw: string) {
  const res = await page.request.post(`${FAKE_MAIL}/__control/deliver/gmail`, {
    headers: { 'content-type': 'message/rfc822' },
    data: raw,
  });
  expect(res.ok(), await res.text()).toBe(true);
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

  const [ava, ben] = [uniqueEmail('ava'), uniqueEmail('ben')];
  await readyCampaign(
    page,
    'Replies journey',
    `E-mail,First,Organisation\n${ava},Ava,Globex\n${ben},Ben,Initech\n`,
  );
  let review = await openReview(page, 'Replies journey', 2);
  await review.getByRole('button', { name: 'Approve All', exact: true }).click();
  await expect(toast(page, '2 emails approved.')).toBeVisible();
  await review.getByRole('button', { name: 'Send Now (2)', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Send approved emails' })
    .getByRole('button', { name: 'Send All Approved Now', exact: true })
    .click();
  await expect
    .poll(async () => (await gmailSentTo(page, ava)).length + (await gmailSentTo(page, ben)).length, {
      timeout: 20_000,
    })
    .toBe(2);
  const [toAva] = await gmailSentTo(page, ava);
  const [toBen] = await gmailSentTo(page, ben);

  // Ava answers; Ben's server bounces the message for good.
  await deliver(
    page,
    [
      `From: Ava <${ava}>`,
      `To: ${sender}`,
      'Subject: Re: Hello Ava',
      `Message-ID: <answer-${Date.now()}@globex.example>`,
      `In-Reply-To: ${toAva!.messageId}`,
      `References: ${toAva!.messageId}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Happy to talk next week. <b>Tuesday</b>?',
      '',
    ].join('\r\n'),
  );
  await deliver(page, BOUNCE.replaceAll('<tailor.123.abc@mail.example.com>', toBen!.messageId!));

  await page.keyboard.press('Escape');
  await page.goto('/settings');
  const mailbox = page.getByRole('region', { name: 'Replies and bounces' });
  await expect(mailbox.getByText(sender)).toBeVisible();
  await mailbox.getByRole('button', { name: 'Check now' }).click();
  await expect(toast(page, 'Mailbox checked')).toBeVisible({ timeout: 30_000 });

  await page.goto('/campaigns');
  review = await openReview(page, 'Replies journey', 2);
  const replied = review.getByText('Replied', { exact: true });
  const bounced = review.getByText('Bounced (hard)', { exact: true });
  // Ava's email comes first; her answer shows as text, never as markup.
  await expect(replied).toBeVisible();
  await expect(review.getByText('Happy to talk next week. <b>Tuesday</b>?')).toBeVisible();
  await review.getByRole('button', { name: 'Next' }).click();
  await expect(bounced).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/analytics');
  // One of the two emails got a reply; the other bounced for good.
  await expect(page.getByRole('group', { name: 'Reply Rate' }).getByText('50.0%')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Bounce Rate' }).getByText('50.0%')).toBeVisible();

  // A new campaign to Ben: his address bounced, so nothing more goes to it.
  await page.goto('/campaigns');
  await readyCampaign(page, 'After the bounce', `E-mail,First,Organisation\n${ben},Ben,Initech\n`);
  const again = await openReview(page, 'After the bounce', 1);
  await again.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(again.getByText('Approved', { exact: true })).toBeVisible();
  await again.getByRole('button', { name: 'Send Now', exact: true }).click();
  await expect(again.getByText('Unsubscribed', { exact: true })).toBeVisible();
  expect(await gmailSentTo(page, ben)).toHaveLength(1);
});

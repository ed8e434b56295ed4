import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import {
  api,
  card,
  chooseOption,
  emailsOf,
  linesOf,
  openReview,
  readyCampaign,
  sendAndWait,
} from './campaign-support';
import { signInLocally } from './support';

/** A long address with no place a browser may break it except mid-word. */
const LONG = 'alexandrina.montgomery-fitzwilliam.procurement@subsidiary.international-holdings.example';
const CSV = `E-mail,First,Organisation\n${LONG},Alexandrina,Globex\nben@example.com,Ben,Initech\n`;

test.use({ viewport: { width: 1280, height: 900 } });

test('the review shows the message as it leaves: its HTML is the sent HTML part', async ({ page }) => {
  await signInLocally(page);
  const id = await readyCampaign(page, 'Preview check', CSV);
  const review = await openReview(page, 'Preview check', 2);
  await review.getByText('As sent', { exact: true }).click();
  const asSent = review.getByRole('region', { name: 'Email as sent' });
  await expect(asSent).toContainText('To');
  const recipient = (await review.getByTestId('review-recipient').textContent()) ?? '';
  await expect(asSent).toContainText(recipient);
  const srcdoc = (await asSent.getByTitle('HTML part').getAttribute('srcdoc')) ?? '';
  const previewHtml = srcdoc.replace(/^<!doctype html><meta [^>]*>/, '');
  // The footer is part of what the person approves; the open pixel is not loaded in the app (it
  // would count an open nobody made, and the app's Content-Security-Policy refuses it).
  expect(previewHtml).toContain('Unsubscribe</a>');
  expect(previewHtml).not.toMatch(/\/t\/o\/[\w-]+\.gif/);
  await page.keyboard.press('Escape');

  await sendAndWait(page, id, 2);
  const email = (await emailsOf(page, id)).find((e) => e.recipient.email === recipient)!;
  const raw = await (await page.request.get(`/api/emails/${email.id}/raw`)).text();
  const sent = await simpleParser(raw);
  // The sent HTML part is the preview's, with the open pixel.
  const pixel = /\n?<table role="presentation" width="1" height="1"[\s\S]*?<\/table>/;
  expect(sent.html).toMatch(/\/t\/o\/[\w-]+\.gif/);
  expect(previewHtml).toBe((sent.html as string).replace(pixel, ''));
});

test('every campaign shows the daily limit from the one quota its mailbox uses', async ({ page }) => {
  await signInLocally(page);
  const first = await readyCampaign(page, 'First of two', CSV);
  await readyCampaign(page, 'Second of two', 'E-mail,First,Organisation\ncleo@example.com,Cleo,Umbrella\n');
  await sendAndWait(page, first, 2);
  await page.reload();
  const review = await openReview(page, 'Second of two', 1);
  // The second campaign sent nothing, but its emails go out from the same mailbox.
  await expect(review.getByText('Daily limit: 2 of 500 sent today, 498 remaining')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/settings');
  await expect(page.getByText('2 / 500', { exact: true })).toBeVisible();
});

test('an address is never broken mid-word at 1280 px: cut with the whole address on hover', async ({
  page,
}) => {
  await signInLocally(page);
  const id = await readyCampaign(page, 'Long addresses', CSV);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  await api(page, 'post', `/api/campaigns/${id}/approve-all`, {});
  await api(page, 'post', `/api/campaigns/${id}/send-approved`, { scheduledFor: tomorrow });
  await page.goto('/campaigns');
  await expect(card(page, 'Long addresses')).toBeVisible();
  await page.getByRole('button', { name: 'Scheduled Emails', exact: true }).click();
  const scheduled = page.getByRole('dialog', { name: 'Scheduled Emails' });
  const address = scheduled.getByRole('table', { name: 'Scheduled emails' }).getByTitle(LONG);
  await expect(address).toBeVisible();
  expect(await linesOf(address)).toBe(1);
  // The dialog is wide enough for the schedule to be read at this size.
  expect((await scheduled.boundingBox())!.width).toBeGreaterThan(1000);
});

test('the Sent Emails filters and page are in the address, so a reload keeps them', async ({ page }) => {
  await signInLocally(page);
  const first = await readyCampaign(page, 'Filter one', CSV);
  const second = await readyCampaign(
    page,
    'Filter two',
    'E-mail,First,Organisation\ncleo@example.com,Cleo,Umbrella\n',
  );
  await sendAndWait(page, first, 2);
  await sendAndWait(page, second, 1);
  await page.goto('/analytics');
  const sent = page.getByRole('table', { name: 'Sent emails' });
  await expect(sent.getByRole('row')).toHaveCount(4);
  // The Analytics table cuts a long address to one line as well.
  expect(await linesOf(sent.getByTitle(LONG))).toBe(1);
  await chooseOption(page, page.getByRole('combobox', { name: 'Campaign' }), 'Filter two');
  await page.getByRole('radiogroup', { name: 'Opened' }).getByText('Not opened', { exact: true }).click();
  await expect(sent.getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`campaign=${second}`));
  await page.reload();
  await expect(sent.getByRole('row')).toHaveCount(2);
  await expect(sent).toContainText('cleo@example.com');
  await expect(page.getByRole('combobox', { name: 'Campaign' })).toHaveValue('Filter two');
});

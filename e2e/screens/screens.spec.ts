import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  api,
  card,
  emailsOf,
  openAsPerson,
  openReview,
  readyCampaign,
  sendAndWait,
  trackingTokenOf,
} from '../campaign-support';
import { signInLocally } from '../support';

// `npm run screenshots`: the screens issue #19 changed, on a realistic account, at a laptop's and a
// phone's size, written to docs/images/screens/<screen>-<width>.png.

const OUT = path.join(import.meta.dirname, '..', '..', 'docs', 'images', 'screens');
const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
const FIRST = 'Ava Ben Cleo Dev Elena Farid Grace Hiro Ines Jonas Kemi Lars'.split(' ');
const LAST = 'Lindqvist Okafor Martins Patel Rossi Haddad Kim Tanaka Moreau Weber'.split(' ');
const COMPANIES = ['Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark Industries', 'Wayne Enterprises'];

const LAUNCH = 'Spring launch: customer announcement';
const NEWSLETTER = 'Q3 partner newsletter';
const WEBINAR = 'Data privacy webinar invitations';

/** `count` recipients with names and companies, as readyCampaign takes them (`E-mail,First,Organisation`). */
function recipients(count: number, offset: number) {
  const rows = Array.from({ length: count }, (_, i) => {
    const first = FIRST[(i + offset) % FIRST.length]!;
    const last = LAST[(i * 3 + offset) % LAST.length]!;
    const company = COMPANIES[(i + offset) % COMPANIES.length]!;
    const domain = `${company.toLowerCase().replace(/\s+/g, '-')}.example`;
    return `${first.toLowerCase()}.${last.toLowerCase()}@${domain},${first},${company}`;
  });
  return `E-mail,First,Organisation\n${rows.join('\n')}\n`;
}

/** Ten o'clock tomorrow, in the browser's (and the test's) time zone. */
function tomorrowAtTen() {
  const at = new Date();
  at.setDate(at.getDate() + 1);
  at.setHours(10, 0, 0, 0);
  return at.toISOString();
}

async function buildAccount(page: Page) {
  await signInLocally(page, 'sam.taylor@northwind.example');
  await api(page, 'post', '/api/sender-settings', {
    name: 'Sam Taylor',
    email: 'sam.taylor@northwind.example',
    signature: '<p>Best regards,<br>Sam Taylor<br>Northwind Trading</p>',
    companyName: 'Northwind Trading',
    streetAddress: '1234 Elm Street',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    phoneNumber: '+1 217 555 0142',
    recipientReason: 'you asked about our wholesale catalogue',
  });

  // Sent: 12 emails, 5 opened by people, 1 unsubscribed.
  const launch = await readyCampaign(page, LAUNCH, recipients(12, 0));
  await sendAndWait(page, launch, 12);
  const sent = await emailsOf(page, launch);
  for (let i = 0; i < 5; i++)
    await openAsPerson(page, launch, await trackingTokenOf(page, sent[i]!.id), i + 1);
  expect((await page.request.post(`/u/${await trackingTokenOf(page, sent[11]!.id)}`)).ok()).toBe(true);

  // 24 drafts, half of them approved.
  const newsletter = await readyCampaign(page, NEWSLETTER, recipients(24, 3));
  for (const email of (await emailsOf(page, newsletter)).slice(0, 12))
    await api(page, 'put', `/api/emails/${email.id}`, { isApproved: true });

  // An AI prompt whose `info` takes the recipients' Notes (the campaign editor's screen).
  await api(page, 'post', '/api/templates', {
    name: 'Expo intro',
    type: 'prompt',
    subjectTemplate: '',
    bodyTemplate: '',
    aiInstructions: 'Write to {{ first_name }} at {{ company }}, recalling {{ info }}.',
    variables: ['email', 'first_name', 'company', 'info'],
  });

  // 6 approved and scheduled for tomorrow morning.
  const webinar = await readyCampaign(page, WEBINAR, recipients(6, 7));
  await api(page, 'post', `/api/campaigns/${webinar}/approve-all`, {});
  await api(page, 'post', `/api/campaigns/${webinar}/send-approved`, { scheduledFor: tomorrowAtTen() });
}

/** PNG unless that passes this size; then a JPEG at quality 70. */
const MAX_PNG_BYTES = 250_000;

/**
 * Waits until no skeleton or loader is left, then saves the screen: the whole page, or for a dialog
 * (fixed over a page that may be longer) the viewport it covers.
 */
async function shoot(page: Page, screen: string, width: number, { dialog = false } = {}) {
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
  const file = path.join(OUT, `${screen}-${width}`);
  const png = await page.screenshot({ fullPage: !dialog });
  fs.rmSync(`${file}.png`, { force: true });
  fs.rmSync(`${file}.jpg`, { force: true });
  fs.mkdirSync(OUT, { recursive: true });
  if (png.length <= MAX_PNG_BYTES) fs.writeFileSync(`${file}.png`, png);
  else await page.screenshot({ path: `${file}.jpg`, fullPage: !dialog, type: 'jpeg', quality: 70 });
}

test('screenshots of the changed screens at 1280×900 and 390×844', async ({ page }) => {
  await buildAccount(page);

  for (const size of SIZES) {
    await page.setViewportSize(size);
    const w = size.width;

    await page.goto('/');
    await expect(page.getByRole('group', { name: 'Emails Sent' })).toContainText('12');
    await expect(page.getByText(WEBINAR)).toBeVisible();
    await shoot(page, 'dashboard', w);

    await page.goto('/campaigns');
    await expect(card(page, LAUNCH).getByLabel('Sent: 12', { exact: true })).toBeVisible();
    await expect(card(page, WEBINAR).getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(card(page, NEWSLETTER)).toBeVisible();
    await shoot(page, 'campaigns', w);

    // The campaign editor asks about variables left without a column, offering the likely one.
    await page.getByRole('button', { name: 'New Campaign', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Create New Campaign' });
    await editor.getByLabel('Campaign Name').fill('Expo 2026 follow-up');
    await editor.getByLabel('Email Template').click();
    await page.getByRole('option', { name: 'Expo intro (AI Prompt)', exact: true }).click();
    await editor.locator('input[type="file"]').setInputFiles({
      name: 'expo.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`E-mail,First,Organisation,Notes\nava@globex.example,Ava,Globex,Met at the expo\n`),
    });
    await editor.getByLabel('Email Address *', { exact: true }).click();
    await page.getByRole('option', { name: 'E-mail', exact: true }).click();
    await editor.getByRole('button', { name: 'Create Campaign' }).click();
    const unmapped = page.getByRole('dialog', { name: 'Some variables have no column' });
    await expect(unmapped.getByRole('button', { name: 'Map to Notes' })).toBeVisible();
    await shoot(page, 'campaign-editor-unmapped', w, { dialog: true });
    await unmapped.getByRole('button', { name: 'Back to mapping' }).click();
    await expect(unmapped).toBeHidden();
    await editor.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('dialog', { name: 'Unsaved Changes' })
      .getByRole('button', { name: 'Exit Without Saving' })
      .click();
    await expect(editor).toBeHidden();

    const review = await openReview(page, NEWSLETTER, 24);
    await expect(review.getByText('12 of 24 approved')).toBeVisible();
    await shoot(page, 'review-draft', w, { dialog: true });
    await review.getByText('As sent', { exact: true }).click();
    await expect(
      review.getByRole('region', { name: 'Email as sent' }).getByTitle('HTML part'),
    ).toHaveAttribute('srcdoc', /1234 Elm Street/);
    await shoot(page, 'review-as-sent', w, { dialog: true });
    await page.keyboard.press('Escape');
    await expect(review).toBeHidden();

    await page.getByRole('button', { name: 'Scheduled Emails', exact: true }).click();
    const scheduled = page.getByRole('dialog', { name: 'Scheduled Emails' });
    const rows = scheduled.getByRole('table', { name: 'Scheduled emails' }).locator('tbody tr');
    await expect(rows).toHaveCount(6);
    await shoot(page, 'scheduled', w, { dialog: true });
    await page.keyboard.press('Escape');
    await expect(scheduled).toBeHidden();

    await page.goto('/analytics');
    await expect(page.getByRole('group', { name: 'Sent' })).toContainText('12');
    await expect(page.locator('svg.recharts-surface')).toHaveCount(2);
    await expect(page.getByRole('table', { name: 'Sent emails' }).getByRole('row').nth(1)).toBeVisible();
    await shoot(page, 'analytics', w);

    await page.goto('/settings');
    await expect(page.getByText(/^Checked at /)).toBeVisible();
    await expect(page.getByText('12 / 500', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Street Address')).toHaveValue('1234 Elm Street');
    await expect(page.locator('svg.recharts-surface')).toHaveCount(1);
    await shoot(page, 'settings', w);
  }
});

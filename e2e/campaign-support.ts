import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { FAKE_AI } from './app-env';

export { FAKE_AI };

/** 30 valid recipients, one invalid address (row 17) and one repeated address (row 33). */
export const RECIPIENTS_CSV = path.join(import.meta.dirname, 'fixtures', 'recipients.csv');

export const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
// The newest toast; the one it replaced may still be fading out.
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').getByText(text).last();

export async function setAiLatency(page: Page, ms: number) {
  const res = await page.request.post(`${FAKE_AI}/__control/latency`, { data: { ms } });
  expect(res.ok()).toBe(true);
}

export async function api(page: Page, method: 'post' | 'put', url: string, data: unknown) {
  const res = await page.request[method](url, { data, headers: { origin: new URL(page.url()).origin } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: number };
}

/** An AI prompt template whose `info` variable no automap rule can match, so automap asks the AI. */
export function createPromptTemplate(page: Page, name: string) {
  return api(page, 'post', '/api/templates', {
    name,
    type: 'prompt',
    subjectTemplate: '',
    bodyTemplate: '',
    aiInstructions: 'Write a short, friendly note to {{ first_name }} at {{ company }} ({{ job_title }}).',
    variables: ['email', 'first_name', 'company', 'job_title', 'info'],
  });
}

export async function chooseCsv(page: Page, editor: Locator, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await editor.getByRole('button', { name: 'CSV File' }).click();
  await (await chooser).setFiles(file);
}

export async function chooseOption(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Uploads `csv` as a campaign's recipients through the API, as the editor does; fails unless accepted. */
export async function uploadCsv(
  page: Page,
  campaignId: number,
  mapping: Record<string, string>,
  csv: string,
) {
  const upload = await page.request.post(`/api/campaigns/${campaignId}/upload-csv`, {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      columnMapping: JSON.stringify(mapping),
      csvFile: { name: 'r.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
}

/** The column mapping for CSVs shaped `E-mail,First,Organisation`, as readyCampaign uploads them. */
export const READY_MAPPING = { email: 'E-mail', first_name: 'First', company: 'Organisation' };

/**
 * A campaign of a fixed template (no AI needed) and the recipients of `csv` (columns
 * `E-mail,First,Organisation`), made and uploaded through the API as the editor would; not generated.
 */
export async function uploadedCampaign(page: Page, name: string, csv: string) {
  const template = await api(page, 'post', '/api/templates', {
    name: `${name} template`,
    type: 'template',
    subjectTemplate: 'Hello {{ first_name }}',
    bodyTemplate: '<p>Hi {{ first_name }} at {{ company }}, shall we talk?</p>',
    aiInstructions: '',
    variables: ['email', 'first_name', 'company'],
  });
  const { id } = await api(page, 'post', '/api/campaigns', {
    name,
    templateId: template.id,
    columnMapping: READY_MAPPING,
  });
  await uploadCsv(page, id, READY_MAPPING, csv);
  return id;
}

/** A ready campaign: uploadedCampaign, then generated through the UI (generateOnCard). */
export async function readyCampaign(page: Page, name: string, csv: string, { timeout = 20_000 } = {}) {
  const id = await uploadedCampaign(page, name, csv);
  await page.goto('/campaigns');
  await generateOnCard(page, name, id, { timeout });
  return id;
}

/**
 * Generates campaign `campaignId`'s emails with its card's Generate button, on the campaign list,
 * and waits until they are ready and checked. The checks run in the background after generation:
 * a review queue opened before they end reorders under the email it shows (what needs attention
 * goes first) and keeps showing that one, so a test that opened it at once would see a different
 * first email from a user who opens it later.
 */
export async function generateOnCard(
  page: Page,
  name: string,
  campaignId: number,
  { timeout = 20_000 } = {},
) {
  await card(page, name).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(card(page, name).getByText('Ready', { exact: true })).toBeVisible({ timeout });
  const unchecked = async () =>
    (await (await page.request.get(`/api/campaigns/${campaignId}/emails?limit=1`)).json()).counts.unchecked;
  await expect.poll(unchecked, { timeout }).toBe(0);
}

/** Opens the campaign's Review & Edit Emails dialog on its first of `total` emails. */
export async function openReview(page: Page, name: string, total: number) {
  await card(page, name).getByRole('button', { name: 'Review', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review & Edit Emails' });
  await expect(review.getByText(new RegExp(`^Email 1 of ${total}$`))).toBeVisible();
  return review;
}

/**
 * A local test user has no postal address in Settings, so the send step asks to confirm the
 * emails are not commercial before it sends them (the button waits for the box).
 */
export async function confirmWithoutPostalAddress(dialog: Locator, confirm: Locator) {
  await expect(confirm).toBeDisabled();
  await dialog
    .getByRole('checkbox', { name: 'These emails are not commercial: send them without a postal address' })
    .check();
  await expect(confirm).toBeEnabled();
}

/** Chooses an action from a Scheduled Emails row's menu (Edit time, Send now, Delete). */
export async function scheduledRowAction(page: Page, row: Locator, recipient: string, action: string) {
  await row.getByRole('button', { name: `Actions for the email to ${recipient}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

export type EmailItem = { id: number; status: string; recipient: { email: string } };

export async function emailsOf(page: Page, campaignId: number) {
  return (await (await page.request.get(`/api/campaigns/${campaignId}/emails?limit=50`)).json())
    .items as EmailItem[];
}

/** Approves every email of the campaign and sends them now; waits until `count` have gone. */
export async function sendAndWait(page: Page, campaignId: number, count: number) {
  await api(page, 'post', `/api/campaigns/${campaignId}/approve-all`, {});
  await api(page, 'post', `/api/campaigns/${campaignId}/send-approved`, {});
  await expect
    .poll(async () => (await emailsOf(page, campaignId)).filter((e) => e.status === 'sent').length, {
      timeout: 20_000,
    })
    .toBe(count);
}

/** A mail client's user agent: its pixel fetches count as a person's opens. */
export const HUMAN_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Thunderbird/128.3.0';

/** A campaign's results as the campaign list (and its cards) reads them. */
export async function resultsOf(page: Page, campaignId: number) {
  const campaigns = (await (await page.request.get('/api/campaigns')).json()) as {
    id: number;
    results?: { sent: number; opened: number; unsubscribed: number };
  }[];
  return campaigns.find((c) => c.id === campaignId)?.results;
}

/**
 * Opens a sent email through its pixel as a person would. A fetch just after delivery counts as an
 * image proxy's prefetch, so it fetches again until the campaign counts `opened` people's opens.
 */
export async function openAsPerson(page: Page, campaignId: number, token: string, opened: number) {
  await expect
    .poll(
      async () => {
        await page.request.get(`/t/o/${token}.gif`, { headers: { 'user-agent': HUMAN_UA } });
        return (await resultsOf(page, campaignId))?.opened;
      },
      { timeout: 15_000 },
    )
    .toBe(opened);
}

/** The tracking token in a sent message, read from its raw MIME (quoted-printable soft breaks undone). */
export async function trackingTokenOf(page: Page, emailId: number) {
  const raw = await (await page.request.get(`/api/emails/${emailId}/raw`)).text();
  const token = /\/t\/o\/([\w-]+)\.gif/.exec(raw.replace(/=\r?\n/g, ''))?.[1];
  expect(token, 'pixel URL in the message').toBeTruthy();
  return token!;
}

/** How many lines a text element takes: its height over its line height. */
export function linesOf(text: Locator) {
  return text.evaluate((element) => {
    const style = getComputedStyle(element);
    return Math.round(element.getBoundingClientRect().height / Number.parseFloat(style.lineHeight));
  });
}

/** Chooses an item of the review's "Bulk actions" menu (Approve all, Schedule…, Regenerate step N…). */
export async function bulkAction(page: Page, review: Locator, item: string) {
  await review.getByRole('button', { name: 'Bulk actions', exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

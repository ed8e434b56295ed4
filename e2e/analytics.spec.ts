import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import Papa from 'papaparse';
import { api, type EmailItem, HUMAN_UA, readyCampaign, trackingTokenOf } from './campaign-support';
import { signInLocally } from './support';

const CSV =
  'E-mail,First,Organisation\nava@example.com,Ava,Globex\nben@example.com,Ben,Initech\ncleo@example.com,Cleo,Umbrella\n';
const PROXY_UA = 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';

async function downloadText(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  return fs.readFileSync((await (await download).path())!, 'utf8');
}

test('after a send and opens through the pixel, the dashboard and analytics show the right numbers', async ({
  page,
}) => {
  await signInLocally(page);
  const id = await readyCampaign(page, 'Analytics journey', CSV);
  await api(page, 'post', `/api/campaigns/${id}/approve-all`, {});
  await api(page, 'post', `/api/campaigns/${id}/send-approved`, {});
  let emails: EmailItem[] = [];
  await expect
    .poll(async () => {
      emails = (await (await page.request.get(`/api/campaigns/${id}/emails?limit=10`)).json()).items;
      return emails.filter((e) => e.status === 'sent').length;
    })
    .toBe(3);
  const tokenFor = async (address: string) =>
    trackingTokenOf(page, emails.find((e) => e.recipient.email === address)!.id);

  // A fetch right at delivery is an image proxy's prefetch; people open later.
  await page.waitForTimeout(2_100);
  const ava = await tokenFor('ava@example.com');
  for (let i = 0; i < 2; i++)
    expect((await page.request.get(`/t/o/${ava}.gif`, { headers: { 'user-agent': HUMAN_UA } })).ok()).toBe(
      true,
    );
  await page.request.get(`/t/o/${await tokenFor('ben@example.com')}.gif`, {
    headers: { 'user-agent': PROXY_UA },
  });
  expect((await page.request.post(`/u/${await tokenFor('cleo@example.com')}`)).ok()).toBe(true);

  // Dashboard: three sent, one of them opened by a person (the proxy's open does not count).
  await page.goto('/');
  await expect(page.getByRole('group', { name: 'Emails Sent' })).toContainText('3');
  await expect(page.getByRole('group', { name: 'Opened Rate' })).toContainText('33.3%');

  await page.goto('/analytics');
  await expect(page.getByRole('group', { name: 'Sent' })).toContainText('3');
  await expect(page.getByRole('group', { name: 'Opened' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'Open Rate' })).toContainText('33.3%');
  await expect(page.getByRole('group', { name: 'Unsubscribes' })).toContainText('1');

  const row = page
    .getByRole('table', { name: 'Campaign performance' })
    .getByRole('row', { name: /Analytics journey/ });
  await expect(row).toContainText('33.3%');
  await expect(row).toContainText('66.7%');

  // Both charts render as SVG.
  await expect(
    page.getByRole('img', { name: /sent/i }).first().locator('svg.recharts-surface').first(),
  ).toBeVisible();
  await expect(page.locator('svg.recharts-surface')).toHaveCount(2);

  // Sent Emails: each recipient once, with how (or whether) it was opened; filtered on the server.
  const sent = page.getByRole('table', { name: 'Sent emails' });
  await expect(sent.getByRole('row')).toHaveCount(4);
  await expect(
    sent.getByRole('row', { name: /ava@example.com/ }).getByRole('img', { name: 'Opened', exact: true }),
  ).toBeVisible();
  await expect(
    sent.getByRole('row', { name: /ben@example.com/ }).getByRole('img', { name: 'Opened by a machine only' }),
  ).toBeVisible();
  await expect(
    sent.getByRole('row', { name: /cleo@example.com/ }).getByRole('img', { name: 'Not opened' }),
  ).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Opened' }).getByText('Opened', { exact: true }).click();
  await expect(sent.getByRole('row')).toHaveCount(2);
  await expect(sent).toContainText('ava@example.com');

  // Unsubscribers: listed, and exported as CSV.
  await row.getByRole('button', { name: 'View Unsubscribers' }).click();
  const dialog = page.getByRole('dialog', { name: /Unsubscribers/ });
  await expect(dialog.getByRole('table', { name: 'Unsubscribers' })).toContainText('cleo@example.com');
  const unsubscribers = Papa.parse<string[]>(
    (await downloadText(page, () => dialog.getByRole('button', { name: 'Export CSV' }).click())).trim(),
  ).data;
  expect(unsubscribers[0]).toEqual(['email', 'unsubscribed_at', 'reason']);
  expect(unsubscribers.slice(1).map((r) => r[0])).toEqual(['cleo@example.com']);
  await page.keyboard.press('Escape');

  // Settings' full export downloads and parses, with every recipient and its status.
  await page.goto('/settings');
  const exported = Papa.parse<Record<string, string>>(
    await downloadText(page, () => page.getByRole('button', { name: 'Export Data' }).click()),
    { header: true, skipEmptyLines: true },
  ).data;
  const recipients = exported.filter((r) => r.record_type === 'recipient');
  expect(recipients.map((r) => r.recipient_email).sort()).toEqual([
    'ava@example.com',
    'ben@example.com',
    'cleo@example.com',
  ]);
  expect(recipients.every((r) => r.email_status === 'sent')).toBe(true);
  expect(exported.filter((r) => r.record_type === 'unsubscribe').map((r) => r.recipient_email)).toEqual([
    'cleo@example.com',
  ]);
});

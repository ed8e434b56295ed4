import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { signInLocally } from './support';

test('settings are saved, survive a reload, and the data export downloads', async ({ page }) => {
  const email = await signInLocally(page);
  await page.goto('/settings');
  await expect(page.getByLabel('Sender Email')).toHaveValue(email);

  await page.getByLabel('Sender Name').fill('Sam Sender');
  await page.getByRole('button', { name: 'Save Sender Settings' }).click();
  await expect(page.getByText('Sender settings saved')).toBeVisible();

  await page.getByLabel('Company Name').fill('Acme');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('ZIP Code').fill('62701');
  await page.getByRole('button', { name: 'Save Account Settings' }).click();
  await expect(page.getByText('Account settings saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Sender Name')).toHaveValue('Sam Sender');
  await expect(page.getByLabel('Company Name')).toHaveValue('Acme');
  await expect(page.getByLabel('ZIP Code')).toHaveValue('62701');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^tailor-export-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray();
  const parsed = Papa.parse(Buffer.concat(text).toString('utf8'), { header: true });
  expect(parsed.meta.fields).toContain('record_type');
});

import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** 30 valid recipients, one invalid address (row 17) and one repeated address (row 33). */
export const RECIPIENTS_CSV = path.join(import.meta.dirname, 'fixtures', 'recipients.csv');
export const FAKE_AI = 'http://127.0.0.1:4402';

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

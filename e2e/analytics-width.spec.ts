import { expect, test } from '@playwright/test';
import config from '../playwright.config';
import { api, card, READY_MAPPING, readyCampaign, sendAndWait, uploadCsv } from './campaign-support';
import { signInLocally } from './support';

// Issue #28, item 8: at a laptop's size (1280×900) nothing on Analytics is wider than the page, and
// the campaign table fits its card without scrolling, with several sent campaigns whose names are
// long (one a single unbroken word, as names made from a file name are) and one with a follow-up,
// whose row has a third button. With a scrollbar that takes room, as a desktop browser's does
// (headless Chromium hides it by default), so the page is 1265 px wide.
test.use({
  viewport: { width: 1280, height: 900 },
  launchOptions: { ...config.use?.launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] },
});

const NAMES = [
  'Partner programme quarterly review and renewal invitations for the northern region accounts',
  'Northwind-Logistics-Partner-Renewal-Invitations-Q4-2026-EMEA-Central',
];
const SEQUENCE = 'Follow-up sequence for the spring webinar invitations and the reminders after it';

const csv = (prefix: string) =>
  `E-mail,First,Organisation\n${[0, 1].map((i) => `${prefix}${i}@example.com,Name${i},Company${i}`).join('\n')}\n`;

async function sentSequence(page: Parameters<typeof signInLocally>[0]) {
  const template = await api(page, 'post', '/api/templates', {
    name: 'Webinar',
    type: 'template',
    subjectTemplate: 'Hello {{ first_name }}',
    bodyTemplate: '<p>Hi {{ first_name }}, shall we talk?</p>',
    aiInstructions: '',
    variables: ['email', 'first_name', 'company'],
  });
  const { id } = await api(page, 'post', '/api/campaigns', {
    name: SEQUENCE,
    templateId: template.id,
    columnMapping: READY_MAPPING,
    steps: [{ delayDays: 2, businessDays: false, templateId: template.id }],
    sendWindow: { days: [1, 2, 3, 4, 5, 6, 7], startMinute: 0, endMinute: 1440 },
  });
  await uploadCsv(page, id, READY_MAPPING, csv('seq'));
  await page.goto('/campaigns');
  await card(page, SEQUENCE).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(card(page, SEQUENCE).getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });
  await sendAndWait(page, id, 2);
}

test('Analytics is no wider than the page at 1280×900, and its campaign table fits', async ({ page }) => {
  await signInLocally(page);
  for (const [i, name] of NAMES.entries())
    await sendAndWait(page, await readyCampaign(page, name, csv(`p${i}-`)), 2);
  await sentSequence(page);

  await page.goto('/analytics');
  const table = page.getByRole('table', { name: 'Campaign performance' });
  for (const name of [...NAMES, SEQUENCE]) await expect(table.getByText(name, { exact: true })).toBeVisible();
  await expect(table.getByRole('button', { name: 'View by Step' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sent emails table' }).getByRole('row')).toHaveCount(7);

  const widths = await page.evaluate(() => {
    const root = document.scrollingElement!;
    const scroller = document.querySelector('section[aria-label="Campaigns table"]')!;
    // What sticks out, to say where in the failure message.
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return {
      page: { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide },
      table: { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth },
    };
  });
  // The scrollbar takes its room: this is the page a desktop browser shows.
  expect(widths.page.clientWidth).toBeLessThan(1280);
  expect(widths.page.scrollWidth, `wider than the page: ${widths.page.wide.join(' | ')}`).toBeLessThanOrEqual(
    widths.page.clientWidth,
  );
  expect(widths.table.scrollWidth, 'the campaign table scrolls at 1280 px').toBeLessThanOrEqual(
    widths.table.clientWidth,
  );
  await expect(page.getByTestId('scroll-hint')).toHaveCount(0);
});

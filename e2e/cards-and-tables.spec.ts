import { expect, type Locator, test } from '@playwright/test';
import { api, card, emailsOf, readyCampaign, sendAndWait } from './campaign-support';
import { signInLocally } from './support';

// Issue #28, item 8: campaign cards and the Analytics tables and chart, at a laptop's and a phone's size.

const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
const SENT = 'reportingaudience quarterly review for partners';
const HALF = 'Spring webinar invitations, half of them approved and scheduled for tomorrow morning';

const csv = (prefix: string, count: number) =>
  `E-mail,First,Organisation\n${Array.from({ length: count }, (_, i) => `${prefix}${i}@example.com,Name${i},Company${i}`).join('\n')}\n`;

function tomorrowAtTen() {
  const at = new Date();
  at.setDate(at.getDate() + 1);
  at.setHours(10, 0, 0, 0);
  return at.toISOString();
}

type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 1 &&
  inner.y >= outer.y - 1 &&
  inner.x + inner.width <= outer.x + outer.width + 1 &&
  inner.y + inner.height <= outer.y + outer.height + 1;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Its text is all shown: nothing hidden by a line clamp or an ellipsis. */
async function notCut(text: Locator) {
  const { clipped } = await text.evaluate((el) => ({
    clipped: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
  }));
  expect(clipped, `${await text.textContent()} is cut`).toBe(false);
}

const scrollState = (region: Locator) =>
  region.evaluate((el) => ({
    overflows: el.scrollWidth > el.clientWidth + 1,
    moreRight: el.parentElement?.getAttribute('data-more-right'),
  }));

test('cards offer Review and name their template; Analytics fits at 1280 px and shows it scrolls on a phone', async ({
  page,
}) => {
  await signInLocally(page);
  const sent = await readyCampaign(page, SENT, csv('sent', 3));
  await sendAndWait(page, sent, 3);
  const half = await readyCampaign(page, HALF, csv('half', 2));
  const [first] = await emailsOf(page, half);
  await api(page, 'put', `/api/emails/${first!.id}`, { isApproved: true });
  await api(page, 'post', `/api/campaigns/${half}/send-approved`, { scheduledFor: tomorrowAtTen() });

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/campaigns');
    const halfCard = card(page, HALF);
    await expect(halfCard.getByText('Scheduled', { exact: true })).toBeVisible();

    // The template's own name, not "Selected".
    await expect(halfCard.getByText(`${HALF} template`, { exact: true })).toBeVisible();
    await expect(halfCard.getByText('Selected', { exact: true })).toHaveCount(0);

    // The whole name, styled as a link, clear of the status badge.
    const name = halfCard.getByText(HALF, { exact: true });
    await notCut(name);
    expect(await name.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('underline');
    const nameBox = (await name.boundingBox())!;
    const badgeBox = (await halfCard.getByText('Scheduled', { exact: true }).boundingBox())!;
    expect(overlap(nameBox, badgeBox)).toBe(false);
    expect(inside(nameBox, (await halfCard.boundingBox())!)).toBe(true);

    // A draft still waits for approval: Review is offered beside View Scheduled, and opens it.
    await expect(halfCard.getByRole('button', { name: 'View Scheduled' })).toBeVisible();
    await halfCard.getByRole('button', { name: 'Review', exact: true }).click();
    const review = page.getByRole('dialog', { name: 'Review & Edit Emails' });
    await expect(review).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(review).toBeHidden();

    await page.goto('/analytics');
    const table = page.getByRole('table', { name: 'Campaign performance' });
    await expect(table.getByRole('row', { name: new RegExp(SENT) })).toBeVisible();
    const campaigns = page.getByRole('region', { name: 'Campaigns table' });
    const sentEmails = page.getByRole('region', { name: 'Sent emails table' });
    await expect(sentEmails.getByRole('row').nth(1)).toBeVisible();
    await notCut(table.getByText(SENT, { exact: true }));

    if (size.width === 1280) {
      // No button cut off by the card's edge, and no overflow hidden without a cue.
      const region = (await campaigns.boundingBox())!;
      for (const button of await table.getByRole('button').all())
        expect(inside((await button.boundingBox())!, region), (await button.textContent()) ?? '').toBe(true);
      const state = await scrollState(campaigns);
      if (state.overflows) {
        expect(state.moreRight).toBe('true');
        await expect(page.getByTestId('scroll-hint').first()).toBeVisible();
      }
    } else {
      // Both tables scroll sideways, and say so: a line above each, a shadow at the edge.
      for (const region of [campaigns, sentEmails]) {
        expect(await scrollState(region)).toEqual({ overflows: true, moreRight: 'true' });
      }
      await expect(page.getByTestId('scroll-hint')).toHaveCount(2);
      for (const hint of await page.getByTestId('scroll-hint').all()) await expect(hint).toBeVisible();
      // Scrolled to the end, the buttons come into view.
      await campaigns.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect.poll(async () => (await scrollState(campaigns)).moreRight).toBe('false');
      const replies = (await table.getByRole('button', { name: 'View Replies' }).boundingBox())!;
      const box = (await campaigns.boundingBox())!;
      expect(replies.x >= box.x - 1 && replies.x + replies.width <= box.x + box.width + 1).toBe(true);
    }

    // The chart names each campaign in full, on lines of its own, inside the chart.
    const label = page.getByTestId('campaign-chart-label').filter({ hasText: 'reportingaudience' });
    await expect(label).toHaveCount(1);
    expect(await label.locator('title').textContent()).toBe(SENT);
    const shown = (await label.locator('tspan').allTextContents()).join(' ');
    expect(shown).toBe(SENT);
    const svg = (await page.locator('svg.recharts-surface').nth(1).boundingBox())!;
    expect(inside((await label.locator('text').boundingBox())!, svg)).toBe(true);
  }
});

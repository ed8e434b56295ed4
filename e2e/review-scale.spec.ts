import { expect, test } from '@playwright/test';
import { card, readyCampaign } from './campaign-support';
import { signInLocally } from './support';

const TOTAL = 10_000;
/** Next presses measured: past the first page's edge (50 emails a page) and well into the third. */
const PRESSES = 120;
/** The goal: the next email on screen within this long of the key press. */
const GOAL_MS = 100;

/**
 * The review dialog at 10,000 emails: each J (next) press is timed with the Performance API from
 * the key event to the next recipient on screen, pages of emails being fetched as they are needed.
 */
test('the review dialog shows the next of 10,000 emails within 100 ms', async ({ page }, testInfo) => {
  await signInLocally(page);
  const rows = Array.from({ length: TOTAL }, (_, i) => `s${i}@example.com,Name${i},Company${i}`);
  // Generating 10,000 emails takes longer than a few.
  await readyCampaign(page, 'Ten thousand', `E-mail,First,Organisation\n${rows.join('\n')}\n`, {
    timeout: 60_000,
  });
  await card(page, 'Ten thousand').getByRole('button', { name: 'Review', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review & Edit Emails' });
  await expect(review.getByText('Email 1 of 10,000', { exact: true })).toBeVisible();
  await expect(review.getByText(/Checking \d[\d,]* drafts?…/)).toBeHidden({ timeout: 30_000 });

  const timings = await page.evaluate(async (presses) => {
    const recipient = () => document.querySelector('[data-testid="review-recipient"]')?.textContent ?? null;
    const shown = (before: string | null) =>
      new Promise<void>((resolve) => {
        const settled = () => {
          const now = recipient();
          return now !== null && now !== before;
        };
        if (settled()) return resolve();
        const observer = new MutationObserver(() => {
          if (!settled()) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    const durations: number[] = [];
    for (let n = 0; n < presses; n++) {
      const before = recipient();
      performance.mark(`next-${n}`);
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true }));
      await shown(before);
      durations.push(performance.measure(`shown-${n}`, `next-${n}`).duration);
      // A reader spends a moment on each email: the next page is fetched meanwhile, as it would be.
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    return durations;
  }, PRESSES);

  await expect(review.getByText(`Email ${PRESSES + 1} of 10,000`, { exact: true })).toBeVisible();
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const summary = `next email shown: median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms over ${PRESSES} presses`;
  testInfo.annotations.push({ type: 'figure', description: summary });
  console.log(summary);
  expect(at(0.95), summary).toBeLessThan(GOAL_MS);
});

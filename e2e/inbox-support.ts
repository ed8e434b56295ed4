import { expect, type Page } from '@playwright/test';
import {
  bulkAction,
  confirmWithoutPostalAddress,
  FAKE_AI,
  openReview,
  readyCampaign,
  toast,
} from './campaign-support';

/** Someone a journey's campaign writes to, and who answers. */
export type Person = { from: string; name: string };

/** Approves and sends a campaign to `people` through the review, as a person would. */
export async function sendCampaignTo(page: Page, name: string, people: Person[]) {
  const csv = people.map((p) => `${p.from},${p.name.split(' ')[0]},Globex`).join('\n');
  await readyCampaign(page, name, `E-mail,First,Organisation\n${csv}\n`);
  const review = await openReview(page, name, people.length);
  await bulkAction(page, review, 'Approve all');
  await expect(toast(page, `${people.length} emails approved.`)).toBeVisible();
  await review.getByRole('button', { name: `Send now (${people.length})`, exact: true }).click();
  const sendDialog = page.getByRole('dialog', { name: 'Send approved emails' });
  const sendAll = sendDialog.getByRole('button', { name: 'Send now', exact: true });
  await confirmWithoutPostalAddress(sendDialog, sendAll);
  await sendAll.click();
}

/** The fake AI, asked what a reply means, says it cannot tell: the rules' categories stand alone. */
export async function aiCannotTellAnswers(page: Page) {
  const script = await page.request.post(`${FAKE_AI}/__control/script`, {
    data: {
      rules: [
        {
          system: "You sort a person's answer",
          reply: { category: 'unclear', notNowUntil: null, colleagueAddress: null },
        },
      ],
    },
  });
  expect(script.ok()).toBe(true);
}

/** A person's answer to our email `messageId`, written at `at`, as plain text or HTML. */
export function answerMessage(
  a: Person & { to: string; messageId: string; id: string; html?: string; text?: string },
  at: Date,
) {
  return [
    `From: ${a.name} <${a.from}>`,
    `To: ${a.to}`,
    `Subject: Re: Hello ${a.name.split(' ')[0]}`,
    `Date: ${at.toUTCString()}`,
    `Message-ID: ${a.id}`,
    `In-Reply-To: ${a.messageId}`,
    `References: ${a.messageId}`,
    'MIME-Version: 1.0',
    `Content-Type: ${a.html ? 'text/html' : 'text/plain'}; charset=utf-8`,
    '',
    a.html ?? a.text ?? '',
    '',
  ].join('\r\n');
}

/**
 * "ask me again in March" as the rules read it: the first of the next March (this year's while
 * its first is still ahead, or a day behind), as the badge shows it.
 */
export function nextMarchLabel(now = new Date()) {
  const year = now.getUTCFullYear();
  const today = Date.UTC(year, now.getUTCMonth(), now.getUTCDate());
  return `Not now · until Mar ${Date.UTC(year, 2, 1) < today - 86_400_000 ? year + 1 : year}`;
}

/** The inbox list's row of `name`'s answer. */
export const answerRowOf = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Answers' }).getByRole('listitem').filter({ hasText: name });

/**
 * The journeys' three answers, newest first, as the rules left them: Nora's "not now" until March,
 * Max's meeting request, and Hana's waiting for a person. A badge's title (and what a screen reader
 * hears) adds who set the category.
 */
export async function expectThreeAnswersCategorised(page: Page) {
  await expect(page.getByRole('list', { name: 'Answers' }).getByRole('listitem')).toHaveText([
    /Nora Later/,
    /Max Meet/,
    /Hana Hmm/,
  ]);
  await expect(
    answerRowOf(page, 'Nora Later').getByTitle(`${nextMarchLabel()}, set by the rules`),
  ).toBeVisible();
  await expect(answerRowOf(page, 'Max Meet').getByTitle('Meeting request, set by the rules')).toBeVisible();
  await expect(answerRowOf(page, 'Hana Hmm').getByTitle('Uncategorised', { exact: true })).toBeVisible();
}

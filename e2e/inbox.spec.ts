import { expect, type Locator, type Page, test } from '@playwright/test';
// The fake Gmail this worker's app sends through and reads from (see e2e/app-env.ts).
import { FAKE_MAIL } from './app-env';
import { FAKE_AI, toast } from './campaign-support';
import {
  aiCannotTellAnswers,
  answerMessage,
  answerRowOf,
  expectThreeAnswersCategorised,
  type Person,
  sendCampaignTo,
} from './inbox-support';
import { acceptTerms, nextOidcUser, uniqueEmail } from './support';

const TRACKER = 'https://tracker.example/open.gif';

type SentMail = { messageId: string | undefined; to: string[] };

test.use({ viewport: { width: 1280, height: 900 } });

test.afterEach(async ({ page }) => {
  await page.request.post(`${FAKE_AI}/__control/reset`);
});

/** The Message-ID of the one copy the fake Gmail sent to `address`. */
async function sentTo(page: Page, address: string) {
  const res = await page.request.get(`${FAKE_MAIL}/__control/sent/gmail`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as SentMail[])
    .filter((m) => m.to.includes(address))
    .map((m) => m.messageId ?? '(no Message-ID)');
}

/** A person's answer to our email `messageId`, arriving `minutesAgo` in the sender's Gmail inbox. */
async function deliverAnswer(
  page: Page,
  a: Person & { to: string; messageId: string; html?: string; text?: string },
  minutesAgo: number,
) {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const raw = answerMessage({ ...a, id: `<answer-${Date.now()}-${minutesAgo}@globex.example>` }, at);
  const res = await page.request.post(`${FAKE_MAIL}/__control/deliver/gmail?at=${at.toISOString()}`, {
    headers: { 'content-type': 'message/rfc822' },
    data: raw,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const rowOf = answerRowOf;
const inboxLink = (page: Page, unread: number) =>
  page.getByRole('link', { name: unread > 0 ? `Inbox ${unread} unread` : 'Inbox', exact: true });

test('the inbox lists three answers with their categories, reads the whole message with its remote image blocked, and counts down as they are opened', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const policyErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text()))
      policyErrors.push(message.text());
  });

  const sender = uniqueEmail('inbox');
  await nextOidcUser(page, 'google', {
    sub: `g-${sender}`,
    email: sender,
    given_name: 'Ines',
    family_name: 'Box',
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in with Gmail' }).click();
  await acceptTerms(page);

  // A campaign to three people, sent through the review as the conversations journey does.
  const people = {
    nora: { from: uniqueEmail('nora'), name: 'Nora Later' },
    max: { from: uniqueEmail('max'), name: 'Max Meet' },
    hana: { from: uniqueEmail('hana'), name: 'Hana Hmm' },
  };
  await sendCampaignTo(page, 'Inbox journey', Object.values(people));
  const sent = async () => Promise.all(Object.values(people).map((p) => sentTo(page, p.from)));
  await expect
    .poll(async () => (await sent()).map((ids) => ids.length), { timeout: 20_000 })
    .toEqual([1, 1, 1]);
  // One copy each (polled above), in the order of `people`.
  const [toNora, toMax, toHana] = (await sent()).map((ids) => ids[0]!) as [string, string, string];
  await page.keyboard.press('Escape');

  // The AI reads what the rules cannot place; told it cannot tell, Hana's answer stays uncategorised.
  await aiCannotTellAnswers(page);

  // Oldest first, so Nora's (the HTML one, with a tracking image) is the newest.
  await deliverAnswer(
    page,
    { ...people.hana, to: sender, messageId: toHana, text: 'Hmm, let me think about it.' },
    3,
  );
  await deliverAnswer(
    page,
    {
      ...people.max,
      to: sender,
      messageId: toMax,
      text: 'Sounds interesting! Could we do a call on Thursday at 3?',
    },
    2,
  );
  await deliverAnswer(
    page,
    {
      ...people.nora,
      to: sender,
      messageId: toNora,
      html: `<html><body><p>Not right now, ask me again in March.</p><p>Nora</p><img src="${TRACKER}" alt="" width="1" height="1"></body></html>`,
    },
    1,
  );

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Replies and bounces' });
  await card.getByRole('button', { name: 'Check now' }).click();
  await expect(toast(page, 'Mailbox checked')).toBeVisible({ timeout: 30_000 });

  // The sidebar counts the three new answers; the inbox lists them newest first.
  await inboxLink(page, 3).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expectThreeAnswersCategorised(page);

  // Nora's answer whole: the body in its frame, the tracking image not loaded.
  await rowOf(page, 'Nora Later').getByRole('button').click();
  const detail = page.getByRole('region', { name: 'Answer from Nora Later' });
  const whole = detail.getByRole('region', { name: 'The whole message' });
  await expect(
    whole.getByText(
      '1 remote image blocked to protect your privacy — loading them tells the sender you opened the message.',
    ),
  ).toBeVisible();
  await expect(whole.getByText(`Nora Later <${people.nora.from}>`)).toBeVisible();
  const frame = whole.getByTitle('Message body');
  await expect(frame.contentFrame().locator('body')).toContainText('ask me again in March');
  await expect(frame.contentFrame().locator('.blocked-image')).toHaveText('[image]');
  // Loaded in full: an image in it would have been asked for by now.
  const loaded = await (await frame.elementHandle())!.contentFrame();
  await loaded!.waitForLoadState('load');
  expect(await frame.getAttribute('srcdoc')).not.toContain('tracker.example');
  expect(requests.filter((url) => url.includes('tracker.example'))).toEqual([]);
  await expect(inboxLink(page, 2)).toBeVisible();

  await setCategoryByKey(page, 'Hana Hmm');
  await expect(inboxLink(page, 1)).toBeVisible();
  await rowOf(page, 'Max Meet').getByRole('button').click();
  await expect(page.getByRole('region', { name: 'Answer from Max Meet' })).toBeVisible();
  await expect(inboxLink(page, 0)).toBeVisible();

  // On a phone the answer takes the page's width; Max's plain-text answer shows as text.
  await page.setViewportSize({ width: 390, height: 844 });
  const phoneWhole = page.getByRole('region', { name: 'The whole message' });
  await expect(
    phoneWhole.getByText('Sounds interesting! Could we do a call on Thursday at 3?'),
  ).toBeVisible();
  await expect(phoneWhole.getByTitle('Message body')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to the answers' }).click();
  await rowOf(page, 'Nora Later').getByRole('button').click();
  const phoneFrame = phoneWhole.getByTitle('Message body');
  await expect(phoneFrame.contentFrame().locator('body')).toContainText('ask me again in March');
  expect((await phoneFrame.boundingBox())!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Asked for, the image loads: the recording above would have seen it (answered here, offline).
  await page.route(TRACKER, (route) => route.fulfill({ status: 204 }));
  await phoneWhole.getByRole('button', { name: 'Show images' }).click();
  await expect(phoneWhole.getByRole('button', { name: 'Show images' })).toHaveCount(0);
  await expect.poll(() => requests.filter((url) => url.startsWith(TRACKER)).length).toBeGreaterThan(0);
  expect(policyErrors).toEqual([]);
});

/** Opens `sender`'s uncategorised answer and presses 1, Interested's key; its badge follows. */
async function setCategoryByKey(page: Page, sender: string) {
  const row: Locator = rowOf(page, sender);
  await row.getByRole('button').click();
  const detail = page.getByRole('region', { name: `Answer from ${sender}` });
  // The number keys work once the role is known, as the category control does.
  await expect(detail.getByRole('combobox', { name: 'Category' })).toBeVisible();
  await page.keyboard.press('1');
  await expect(row.getByTitle('Interested, set by a person', { exact: true })).toBeVisible();
  await expect(row.getByTitle('Uncategorised', { exact: true })).toHaveCount(0);
}

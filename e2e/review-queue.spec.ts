import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, card, FAKE_AI, toast, uploadCsv } from './campaign-support';
import { signInLocally } from './support';

const TOTAL = 50;
const address = (i: number) => `p${String(i).padStart(2, '0')}@example.com`;
const FIRST_NAMES = ['Ava', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun'];
const nameOf = (i: number) => `${FIRST_NAMES[i % 10]}${String.fromCharCode(97 + Math.floor(i / 10))}`;
const companyOf = (i: number) => `Orbit${String(i).padStart(2, '0')}`;

// Clean drafts draw one sentence from each pool, so no two share more than one sentence.
const OPENERS = [
  'how is the new season going for the team',
  'what does a normal week of planning look like for you',
  'are the spring orders keeping everyone busy',
  'has the move to the new warehouse settled in',
  'how are the field crews finding the longer days',
  'is the evening shift still the hardest to staff',
  'what changed for you since the summer rush',
];
const MIDDLES = [
  'we help small teams plan routes without spreadsheets',
  'our planner turns a messy rota into a clear week',
  'most of our customers stopped double booking within a month',
  'a shared calendar for crews saves an hour a day',
  'we built a simple board for jobs, people and vans',
  'teams use us to swap shifts without endless calls',
  'our tool keeps stock counts and orders in one place',
  'we send each driver a clean list every morning',
  'managers see who is free at a glance',
  'a weekly summary lands in your inbox every friday',
  'the setup takes one afternoon with our help',
];
const CLOSERS = [
  'would a short call next week be useful',
  'shall I send over a two minute video',
  'happy to show you a quick demo whenever suits',
  'could I share how a similar team set it up',
  'would you like to try it with one crew first',
  'may I send a short case study',
  'is this worth a quick chat',
  'should I check back after the holidays',
  'want me to set up a trial account',
  'would your operations lead be the right person',
  'can I send a one page summary',
  'would a call on thursday work',
  'shall we compare notes over coffee',
];

/** A clean draft: the recipient's own name and company, and sentences no other draft shares whole. */
function cleanDraft(i: number) {
  const name = nameOf(i);
  return {
    subject: `A question for ${companyOf(i)}`,
    body: `<p>Hi ${name},</p><p>${OPENERS[i % 7]} at ${companyOf(i)}? ${MIDDLES[i % 11]}.</p><p>${CLOSERS[i % 13]}?</p>`,
  };
}

// The five planted problems (recipients in queue order: high-severity findings first).
const PLACEHOLDER = 3; // "[First Name]" left in the body (high)
const FUNDING = 12; // an invented funding round, which the AI claim check finds nothing to support (high)
const MISSING = 21; // the row has no company (low: an AI prompt writes without it)
const CAPS = 30; // a subject in capitals (medium), and the twin of DUPLICATE
const DUPLICATE = 41; // nearly the same text as CAPS once names are removed (medium)
const PLANTED = [PLACEHOLDER, FUNDING, CAPS, DUPLICATE, MISSING];

function draftFor(i: number) {
  const clean = cleanDraft(i);
  const twin = (n: number) =>
    `<p>Hi ${nameOf(n)},</p><p>I noticed ${companyOf(n)} is hiring drivers again. We help teams like yours plan every route, swap shifts and keep vans full without a single spreadsheet, and most see the difference in the first month.</p><p>Would a short call next week be useful?</p>`;
  switch (i) {
    case PLACEHOLDER:
      return { ...clean, body: clean.body.replace(`Hi ${nameOf(i)}`, 'Hi [First Name]') };
    case MISSING:
      // Written around the missing company, as a model would.
      return { subject: 'A quick question', body: clean.body.replace(` at ${companyOf(i)}`, '') };
    case FUNDING:
      return {
        ...clean,
        body: `<p>Hi ${nameOf(i)},</p><p>Congrats on the $40M Series C led by Accel!</p>${clean.body}`,
      };
    case CAPS:
      return { subject: 'QUICK QUESTION ABOUT YOUR ROUTES', body: twin(i) };
    case DUPLICATE:
      return { subject: clean.subject, body: twin(i) };
    default:
      return clean;
  }
}

/** Scripts the fake AI: each recipient's draft, and the claim check's answer for each draft. */
async function scriptAi(page: Page) {
  const claimCheck = 'You check an email draft';
  const rules = [
    {
      system: claimCheck,
      contains: 'Series C',
      reply: { claims: [{ text: '$40M Series C led by Accel', supportedBy: null }] },
    },
    { system: claimCheck, reply: { claims: [] } },
    ...Array.from({ length: TOTAL }, (_, i) => ({ contains: `"${address(i)}"`, reply: draftFor(i) })),
  ];
  const res = await page.request.post(`${FAKE_AI}/__control/script`, { data: { rules } });
  expect(res.ok()).toBe(true);
}

test.afterEach(async ({ page }) => {
  await page.request.post(`${FAKE_AI}/__control/reset`);
});

/** The email on screen: its address, read from the card. */
const current = (review: Locator) => review.getByTestId('review-recipient');

test('the queue opens on the five planted problems, approves the 45 clean drafts at once and the rest by keyboard', async ({
  page,
}) => {
  await signInLocally(page);
  await scriptAi(page);
  const template = await api(page, 'post', '/api/templates', {
    name: 'Queue prompt',
    type: 'prompt',
    subjectTemplate: '',
    bodyTemplate: '',
    aiInstructions: 'Write a short note to {{ first_name }} at {{ company }} about planning.',
    variables: ['email', 'first_name', 'company'],
  });
  const mapping = { email: 'E-mail', first_name: 'First', company: 'Organisation' };
  const { id } = await api(page, 'post', '/api/campaigns', {
    name: 'Queue',
    templateId: template.id,
    columnMapping: mapping,
  });
  const rows = Array.from(
    { length: TOTAL },
    (_, i) => `${address(i)},${nameOf(i)},${i === MISSING ? '' : companyOf(i)}`,
  );
  await uploadCsv(page, id, mapping, `E-mail,First,Organisation\n${rows.join('\n')}\n`);
  await page.goto('/campaigns');
  await card(page, 'Queue').getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(card(page, 'Queue').getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });

  await card(page, 'Queue').getByRole('button', { name: 'Review', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review & Edit Emails' });
  // The checks run in the background after generation; the queue says so until they are done.
  await expect(review.getByRole('button', { name: 'Needs attention (5)' })).toBeVisible({ timeout: 30_000 });
  await expect(review.getByText(/Checking \d+ drafts?…/)).toBeHidden({ timeout: 30_000 });
  await expect(review.getByText(/^Email 1 of 50$/)).toBeVisible();

  // The five planted problems come first, most severe first, each with its highlight and reason.
  const seen: string[] = [];
  for (let n = 1; n <= 5; n++) {
    await expect(review.getByText(new RegExp(`^Email ${n} of 50$`))).toBeVisible();
    seen.push((await current(review).textContent()) ?? '');
    await page.keyboard.press('j');
  }
  expect(seen).toEqual(PLANTED.map(address));
  await expect(review.getByText(/^Email 6 of 50$/)).toBeVisible();
  await expect(review.getByRole('region', { name: 'Findings' })).toHaveCount(0);
  for (let n = 0; n < 5; n++) await page.keyboard.press('k');
  await expect(review.getByText(/^Email 1 of 50$/)).toBeVisible();
  const preview = review.getByRole('region', { name: 'Email preview' });
  await expect(preview.locator('mark', { hasText: '[First Name]' })).toBeVisible();
  await expect(review.getByText('A placeholder was left for someone to fill in')).toBeVisible();
  await page.keyboard.press('j');
  await expect(preview.locator('mark', { hasText: '$40M Series C led by Accel' })).toBeVisible();
  await expect(
    review.getByText('The AI check found nothing you gave it that supports this claim'),
  ).toBeVisible();
  await page.keyboard.press('j');
  await expect(preview.locator('mark', { hasText: 'QUICK QUESTION ABOUT YOUR ROUTES' })).toBeVisible();
  await expect(
    review.getByText(`Nearly the same as the email to ${address(DUPLICATE)}`, { exact: false }),
  ).toBeVisible();
  await page.keyboard.press('j');
  await expect(
    review.getByText(`Nearly the same as the email to ${address(CAPS)}`, { exact: false }),
  ).toBeVisible();
  await page.keyboard.press('j');
  await expect(
    review.getByText('The recipient has no value for "company": the AI wrote this email without it'),
  ).toBeVisible();

  // The 45 clean drafts at once; an email with a finding is never among them.
  await review.getByRole('button', { name: 'Bulk actions', exact: true }).click();
  const approveClean = page.getByRole('menuitem', { name: 'Approve all without findings (45)' });
  await approveClean.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, /^45 emails approved\./)).toBeVisible();
  await expect(review.getByText('45 of 50 approved')).toBeVisible();

  // The rest by keyboard: E edits, the form saves, A approves and moves on.
  for (let n = 0; n < 5; n++) await page.keyboard.press('k');
  await expect(review.getByText(/^Email 1 of 50$/)).toBeVisible();
  const fix = async (recipient: number, subject: string | null, body: string | null) => {
    await expect(current(review)).toHaveText(address(recipient));
    await page.keyboard.press('e');
    const subjectField = review.getByRole('textbox', { name: 'Subject' });
    await expect(subjectField).toBeFocused();
    if (subject !== null) await subjectField.fill(subject);
    if (body !== null) {
      await page.keyboard.press('Tab');
      const bodyField = review.getByRole('textbox', { name: 'Body' });
      await bodyField.press('ControlOrMeta+a');
      await page.keyboard.type(body);
    }
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(toast(page, 'Email updated')).toBeVisible();
    await expect(review.getByRole('region', { name: 'Findings' })).toHaveCount(0);
    await page.keyboard.press('a');
  };
  await fix(
    PLACEHOLDER,
    null,
    `Hi ${nameOf(PLACEHOLDER)}, how do you plan the week at ${companyOf(PLACEHOLDER)}?`,
  );
  await fix(FUNDING, null, `Hi ${nameOf(FUNDING)}, how do you plan the week at ${companyOf(FUNDING)}?`);
  await fix(CAPS, `A question about your routes, ${nameOf(CAPS)}`, null);
  await fix(
    DUPLICATE,
    null,
    `Hi ${nameOf(DUPLICATE)}, is ${companyOf(DUPLICATE)} still planning shifts by hand?`,
  );
  // A value the file does not have cannot be fixed in the text: read it and dismiss (D), then approve.
  await expect(current(review)).toHaveText(address(MISSING));
  await page.keyboard.press('d');
  await expect(review.getByText('Findings dismissed (1)')).toBeVisible();
  await page.keyboard.press('a');
  await expect(review.getByText('50 of 50 approved · 1 with findings dismissed')).toBeVisible();
  await expect(review.getByRole('button', { name: /^Needs attention/ })).toHaveCount(0);
});

import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  api,
  confirmWithoutPostalAddress,
  generateOnCard,
  openReview,
  READY_MAPPING,
  toast,
  uploadCsv,
} from './campaign-support';
import { signInLocally } from './support';

/**
 * Review & Edit (issue #28, items 4, 6 and 7), on a desktop and on a phone: every count names what its
 * button does now and no follow-up goes before it is due; the keys act on the email shown, which stays
 * until the person moves on, in every filter; the email under review starts above the fold, with one
 * primary action and the bulk actions in one menu, labels in one casing and the address broken only
 * at sensible points.
 */
const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

type Item = {
  id: number;
  step: number;
  status: string;
  isApproved: boolean;
  findingsDismissed: boolean;
  scheduledFor: string | null;
  recipient: { email: string };
};

async function itemsOf(page: Page, campaignId: number) {
  return (await (await page.request.get(`/api/campaigns/${campaignId}/emails?limit=100`)).json())
    .items as Item[];
}

/** A campaign of fixed templates (no AI), generated through the UI; `steps` follow-ups two days apart. */
async function campaignOf(
  page: Page,
  name: string,
  csv: string,
  { subject = 'Hello {{ first_name }}', followUps = 0 } = {},
) {
  const template = (title: string, subjectTemplate: string, body: string) =>
    api(page, 'post', '/api/templates', {
      name: title,
      type: 'template',
      subjectTemplate,
      bodyTemplate: body,
      aiInstructions: '',
      variables: ['email', 'first_name', 'company'],
    });
  const first = await template(
    `${name} intro`,
    subject,
    '<p>Hi {{ first_name }} at {{ company }}, shall we talk about planning the routes of your vans this spring?</p>',
  );
  const next = await template(
    `${name} nudge`,
    'ignored',
    '<p>Did my note about {{ company }} reach you, {{ first_name }}? Happy to send a short video instead.</p>',
  );
  const everyHour = { days: [1, 2, 3, 4, 5, 6, 7], startMinute: 0, endMinute: 1440 };
  const { id } = await api(page, 'post', '/api/campaigns', {
    name,
    templateId: first.id,
    columnMapping: READY_MAPPING,
    steps: Array.from({ length: followUps }, () => ({
      delayDays: 2,
      businessDays: false,
      templateId: next.id,
    })),
    sendWindow: everyHour,
  });
  await uploadCsv(page, id, READY_MAPPING, csv);
  await page.goto('/campaigns');
  await generateOnCard(page, name, id, { timeout: 30_000 });
  return id as number;
}

/** Chooses an item of the review's "Bulk actions" menu. */
async function bulkAction(page: Page, review: Locator, item: string) {
  await review.getByRole('button', { name: 'Bulk actions', exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

const recipientOf = (review: Locator) => review.getByTestId('review-recipient');

for (const size of SIZES) {
  test.describe(`${size.name} ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('Send now and Schedule name exactly what goes now; follow-ups wait for their due time', async ({
      page,
    }) => {
      await signInLocally(page);
      const csv =
        'E-mail,First,Organisation\nava@example.com,Ava,Globex\nben@example.com,Ben,Initech\ncleo@example.com,Cleo,Umbrella\n';
      const id = await campaignOf(page, `Counts ${size.name}`, csv, { followUps: 1 });
      const review = await openReview(page, `Counts ${size.name}`, 6);
      await bulkAction(page, review, 'Approve all');
      await expect(review.getByText('6 of 6 approved')).toBeVisible();

      // Three first emails go now; the three follow-ups are named as going at their due time.
      const send = review.getByRole('button', { name: 'Send first emails now (3)', exact: true });
      await send.click();
      const confirm = page.getByRole('dialog', { name: 'Send approved emails' });
      await expect(confirm.getByText('Send 3 first emails of “Counts', { exact: false })).toBeVisible();
      await expect(confirm.getByText(/The 3 approved follow-ups go at their due time/)).toBeVisible();
      const sendNow = confirm.getByRole('button', { name: 'Send now', exact: true });
      await confirmWithoutPostalAddress(confirm, sendNow);
      await sendNow.click();
      await expect(toast(page, /3 emails are on their way\./)).toBeVisible();
      await expect
        .poll(
          async () => (await itemsOf(page, id)).filter((e) => e.step === 1 && e.status === 'sent').length,
          {
            timeout: 20_000,
          },
        )
        .toBe(3);
      // The follow-ups are scheduled for their due time, days away: none went with the first emails.
      await expect
        .poll(
          async () =>
            (await itemsOf(page, id)).filter((e) => e.step === 2 && e.status === 'scheduled').length,
        )
        .toBe(3);
      for (const e of (await itemsOf(page, id)).filter((e) => e.step === 2))
        expect(new Date(e.scheduledFor!).getTime()).toBeGreaterThan(Date.now() + 86_400_000);

      // Afterwards nothing is left that Send now or Schedule would do now: both are off and say 0.
      await expect(
        review.getByRole('button', { name: 'Send first emails now (0)', exact: true }),
      ).toBeDisabled();
      await review.getByRole('button', { name: 'Bulk actions', exact: true }).click();
      await expect(
        page.getByRole('menuitem', { name: 'Schedule first emails (0)…', exact: true }),
      ).toBeDisabled();
      await page.keyboard.press('Escape');
    });

    test('keys act on the email shown until the person moves on, in every filter', async ({ page }) => {
      test.slow();
      await signInLocally(page);
      const names = [
        'Ava',
        'Ben',
        'Cleo',
        'Dev',
        'Eli',
        'Fay',
        'Gus',
        'Hana',
        'Ivo',
        'Jun',
        'Kai',
        'Lea',
        'Max',
        'Noa',
      ];
      const csv = `E-mail,First,Organisation\n${names.map((n, i) => `${n.toLowerCase()}@example.com,${n},Firm${i}`).join('\n')}\n`;
      // A subject in capitals: every draft has a finding (medium), so every one needs attention.
      const id = await campaignOf(page, `Keys ${size.name}`, csv, {
        subject: 'QUICK QUESTION FOR {{ first_name }}',
      });
      const review = await openReview(page, `Keys ${size.name}`, 14);
      const filters = review.getByRole('group', { name: 'Show emails' });
      await expect(filters.getByRole('button', { name: 'Needs attention (14)' })).toBeVisible({
        timeout: 30_000,
      });
      const countOf = async (filter: string) =>
        Number(
          /\((\d+)\)/.exec(
            (await filters.getByRole('button', { name: new RegExp(`^${filter}`) }).textContent()) ?? '',
          )?.[1],
        );
      const attentionCount = () => countOf('Needs attention');
      const emailOf = async (address: string) =>
        (await itemsOf(page, id)).find((e) => e.recipient.email === address)!;

      // All first: there every email still needs attention, so D and A have something to act on.
      for (const filter of ['All', 'Needs attention', 'Deliverability']) {
        await filters.getByRole('button', { name: new RegExp(`^${filter}`) }).click();
        await expect(review.getByText(/^Email 1 of \d+$/)).toBeVisible();

        // D then A, twice: each pair dismisses and approves the same email, then moves on.
        for (let pair = 0; pair < 2; pair++) {
          const shown = (await recipientOf(review).textContent())!;
          const before = await attentionCount();
          await page.keyboard.press('d');
          await expect(review.getByText(/^Findings dismissed/)).toBeVisible();
          // The list has dropped it; the email stays on screen.
          await expect.poll(attentionCount).toBe(before - 1);
          await expect(recipientOf(review)).toHaveText(shown);
          await page.keyboard.press('a');
          await expect(recipientOf(review)).not.toHaveText(shown);
          expect(await emailOf(shown)).toMatchObject({ isApproved: true, findingsDismissed: true });
        }

        // A then J: A approves the email shown and goes to the next; J goes one further.
        const approved = (await recipientOf(review).textContent())!;
        const before = await attentionCount();
        await page.keyboard.press('a');
        await expect(recipientOf(review)).not.toHaveText(approved);
        const next = (await recipientOf(review).textContent())!;
        await expect.poll(attentionCount).toBe(before - 1);
        await expect(recipientOf(review)).toHaveText(next);
        await page.keyboard.press('j');
        await expect(recipientOf(review)).not.toHaveText(next);
        expect(await emailOf(approved)).toMatchObject({ isApproved: true });
        expect(await emailOf(next)).toMatchObject({ isApproved: false });

        // E then save: the fixed email (no capitals, so no finding) stays shown with its new subject.
        const edited = (await recipientOf(review).textContent())!;
        const beforeEdit = await countOf('Deliverability');
        await page.keyboard.press('e');
        const subject = review.getByRole('textbox', { name: 'Subject' });
        await subject.fill(`A quick question, ${filter}`);
        await review.getByRole('button', { name: 'Save', exact: true }).click();
        await expect(toast(page, 'Email updated')).toBeVisible();
        // Its capitals are gone, and with them its deliverability finding: the lists have been read again.
        await expect.poll(() => countOf('Deliverability')).toBe(beforeEdit - 1);
        await expect(recipientOf(review)).toHaveText(edited);
        await expect(review.getByRole('region', { name: 'Email preview' })).toContainText(
          `A quick question, ${filter}`,
        );
      }
    });

    test('the email under review starts above the fold, with one primary action', async ({ page }) => {
      await signInLocally(page);
      const address = 'operations.director@northwind-logistics.co.uk';
      const csv = `E-mail,First,Organisation\n${address},Olive,Northwind Logistics\nben@example.com,Ben,Initech\n`;
      await campaignOf(page, `Fold ${size.name}`, csv, {
        subject: 'QUICK QUESTION FOR {{ first_name }}',
        followUps: 1,
      });
      const review = await openReview(page, `Fold ${size.name}`, 4);
      await expect(
        review
          .getByRole('group', { name: 'Show emails' })
          .getByRole('button', { name: 'Needs attention (4)' }),
      ).toBeVisible({ timeout: 30_000 });
      await expect(recipientOf(review)).toHaveText(address);

      // The subject and the body's first line are on the first screen, without scrolling.
      const preview = review.getByRole('region', { name: 'Email preview' });
      const subject = preview.getByText(/^QUICK QUESTION FOR/);
      const firstLine = preview.locator('p').first();
      for (const part of [subject, firstLine]) {
        const box = (await part.boundingBox())!;
        expect(box.y, 'starts on screen').toBeGreaterThanOrEqual(0);
        const lineHeight = await part.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
        expect(box.y + lineHeight, 'first line above the fold').toBeLessThanOrEqual(size.height);
      }

      // One filled (primary) button for the campaign; the bulk actions sit in one menu.
      const campaignWide = review.getByRole('group', { name: 'Campaign actions' }).getByRole('button');
      await expect(campaignWide).toHaveText(['Bulk actions', 'Send first emails now (0)']);
      await review.getByRole('button', { name: 'Bulk actions', exact: true }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: 'Approve all', exact: true })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Approve all of step 1', exact: true })).toBeVisible();
      await expect(
        menu.getByRole('menuitem', { name: 'Schedule first emails (0)…', exact: true }),
      ).toBeDisabled();
      // One casing: sentence case, never "Approve All" beside "Approve all of step 1".
      const labels = [
        ...(await review.getByRole('button').allTextContents()),
        ...(await menu.getByRole('menuitem').allTextContents()),
      ].map((label) => label.trim());
      expect(labels.filter((label) => /\b[A-Z][a-z]+ [A-Z][a-z]+/.test(label))).toEqual([]);
      await page.keyboard.press('Escape');

      // The address wraps only after "@", a dot or a hyphen, never in the middle of a word.
      const breaks = await recipientOf(review).evaluate((el) => {
        const chars: { c: string; top: number }[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node as Text;
          for (let i = 0; i < text.data.length; i++) {
            const range = document.createRange();
            range.setStart(text, i);
            range.setEnd(text, i + 1);
            const rect = range.getClientRects()[0];
            if (rect) chars.push({ c: text.data[i]!, top: Math.round(rect.top) });
          }
        }
        return chars.flatMap((ch, i) =>
          i > 0 && ch.top > chars[i - 1]!.top + 2 ? [chars[i - 1]!.c + ch.c] : [],
        );
      });
      for (const at of breaks) expect('@.-', `a break between "${at}"`).toContain(at[0]);
    });
  });
}

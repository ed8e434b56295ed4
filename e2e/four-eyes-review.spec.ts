import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, card, FAKE_AI, openReview, uploadCsv } from './campaign-support';
import { acceptTerms, uniqueEmail } from './support';

/**
 * Four-eyes approval in the review (issue #31), on a desktop and on a phone: an owner turns it on
 * in Settings; the sender who generated an email cannot approve it and is told why; a reviewer sees
 * who wrote it, approves it, and the review then names them as its approver.
 */
const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

/** The refusal's own words (the server's, shown beside the Approve button). */
const FOUR_EYES_REASON = /someone other than the person who wrote or last edited this email approves it/;

type Person = { email: string; firstName: string; lastName: string };

/** Signs `person` in locally, with a name, in a context of its own at this test's viewport. */
async function signIn(browser: Browser, viewport: { width: number; height: number }, person: Person) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/');
  const res = await page.request.post('/api/auth/local', {
    data: person,
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.ok()).toBe(true);
  return page;
}

/** Joins the workspace of an invitation link, then opens `path` there (accepting the terms on the way). */
async function join(page: Page, link: string, path: string) {
  const accepted = await page.request.post('/api/invitations/accept', {
    data: { token: link.split('/').pop() },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await page.goto(path);
  await acceptTerms(page);
}

/** Scripts the fake AI: one clean draft for every recipient, and no claims for the draft checks to doubt. */
async function scriptAi(page: Page) {
  const rules = [
    { system: 'You check an email draft', reply: { claims: [] } },
    {
      reply: {
        subject: 'Routes for the spring',
        body: '<p>Hi Ada,</p><p>How is the planning going this spring? Happy to share how other depots plan their routes.</p>',
      },
    },
  ];
  const res = await page.request.post(`${FAKE_AI}/__control/script`, { data: { rules } });
  expect(res.ok()).toBe(true);
}

test.afterEach(async ({ page }) => {
  await page.request.post(`${FAKE_AI}/__control/reset`);
});

for (const size of SIZES) {
  test.describe(`${size.name} ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a sender cannot approve what they generated; a reviewer can, and is named for it', async ({
      page,
      browser,
    }) => {
      const viewport = { width: size.width, height: size.height };
      const owner = { email: uniqueEmail('owner'), firstName: 'Olive', lastName: 'Owner' };
      const sender = { email: uniqueEmail('sender'), firstName: 'Sam', lastName: 'Sender' };
      const reviewer = { email: uniqueEmail('reviewer'), firstName: 'Rita', lastName: 'Reviewer' };

      // The owner makes a team workspace and turns four-eyes approval on in Settings.
      await page.goto('/');
      const origin = new URL(page.url()).origin;
      expect((await page.request.post('/api/auth/local', { data: owner, headers: { origin } })).ok()).toBe(
        true,
      );
      const team = (await api(page, 'post', '/api/workspaces', { name: `Checked ${size.name}` })).id;
      await page.goto(`/w/${team}/settings`);
      await acceptTerms(page);
      const members = page.getByRole('region', { name: `Members of Checked ${size.name}` });
      const fourEyes = members.getByRole('switch', { name: /^Second pair of eyes on every email/ });
      await expect(fourEyes).not.toBeChecked();
      await expect(fourEyes).toBeEnabled();
      await fourEyes.focus();
      await page.keyboard.press('Space');
      await expect(fourEyes).toBeChecked();
      // Saved: it is still on when Settings is read afresh.
      await page.reload();
      await expect(fourEyes).toBeChecked();

      const invite = async (email: string, role: string) => {
        const res = await page.request.post('/api/workspace/invitations', {
          data: { email, role },
          headers: { origin, 'x-tailor-workspace': String(team) },
        });
        expect(res.ok(), await res.text()).toBe(true);
        return (await res.json()).link as string;
      };
      const senderLink = await invite(sender.email, 'sender');
      const reviewerLink = await invite(reviewer.email, 'reviewer');

      // The sender joins, makes an AI campaign in the team and generates it.
      const sam = await signIn(browser, viewport, sender);
      await join(sam, senderLink, `/w/${team}/campaigns`);
      await sam.context().setExtraHTTPHeaders({ 'x-tailor-workspace': String(team) });
      await scriptAi(sam);
      const template = await api(sam, 'post', '/api/templates', {
        name: 'Depot note',
        type: 'prompt',
        subjectTemplate: '',
        bodyTemplate: '',
        aiInstructions: 'Write a short note to {{ first_name }} about planning routes.',
        variables: ['email', 'first_name'],
      });
      const mapping = { email: 'email', first_name: 'first_name' };
      const { id } = await api(sam, 'post', '/api/campaigns', {
        name: 'Depots',
        templateId: template.id,
        columnMapping: mapping,
      });
      await uploadCsv(sam, id, mapping, 'email,first_name\nada@example.com,Ada\n');
      await sam.reload();
      await card(sam, 'Depots').getByRole('button', { name: 'Generate', exact: true }).click();
      await expect(card(sam, 'Depots').getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });

      // Their own email: Approve is off, and says why.
      const samReview = await openReview(sam, 'Depots', 1);
      await expect(samReview.getByTestId('email-authorship')).toHaveText('Written by Sam Sender');
      const samApprove = samReview.getByRole('button', { name: 'Approve', exact: true });
      await expect(samApprove).toBeDisabled();
      await samReview.getByTestId('approve-reason').hover();
      await expect(sam.getByRole('tooltip')).toHaveText(FOUR_EYES_REASON);

      // The reviewer sees who wrote it, approves it, and is named as its approver.
      const rita = await signIn(browser, viewport, reviewer);
      await join(rita, reviewerLink, `/w/${team}/campaigns`);
      const ritaReview = await openReview(rita, 'Depots', 1);
      const line = ritaReview.getByTestId('email-authorship');
      await expect(line).toHaveText('Written by Sam Sender');
      await ritaReview.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(ritaReview.getByRole('button', { name: 'Approved', exact: true })).toBeVisible();
      await expect(line).toHaveText('Written by Sam Sender · approved by Rita Reviewer');

      // The sender, reading the campaign again, sees the same.
      await sam.reload();
      const again = await openReview(sam, 'Depots', 1);
      await expect(again.getByTestId('email-authorship')).toHaveText(
        'Written by Sam Sender · approved by Rita Reviewer',
      );
      await sam.context().close();
      await rita.context().close();
    });
  });
}

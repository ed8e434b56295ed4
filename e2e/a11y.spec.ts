import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y-support';
import {
  api,
  bulkAction,
  card,
  chooseCsv,
  chooseOption,
  confirmWithoutPostalAddress,
  createPromptTemplate,
  RECIPIENTS_CSV,
  readyCampaign,
} from './campaign-support';
import { acceptTerms, signInLocally, uniqueEmail } from './support';

const CSV =
  'E-mail,First,Organisation\nava@example.com,Ava,Globex\nben@example.com,Ben,Initech\ncleo@example.com,Cleo,Umbrella\n';

/**
 * Opens a dialog with `open`, checks it (the page under it is checked on its own), then closes it
 * with Escape unless `close` is false.
 */
async function checkDialog(page: Page, name: string, open: () => Promise<void>, close = true) {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, `the ${name} dialog`, '[role="dialog"]');
  if (close) {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  return dialog;
}

test('public pages: landing, legal pages, not found, session timeout and the terms dialog', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Continue locally' })).toBeVisible();
  await expectAccessible(page, 'the landing page');
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expectAccessible(page, 'the privacy policy');
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expectAccessible(page, 'the terms of service');
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expectAccessible(page, 'the not-found page');
  await page.goto('/session-timeout');
  await expect(page.getByText('Session Timeout')).toBeVisible();
  await expectAccessible(page, 'the session timeout page');

  // A new user meets the terms dialog first.
  await page.goto('/');
  const res = await page.request.post('/api/auth/local', {
    data: { email: uniqueEmail('a11y-terms') },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: 'Terms of Service' })).toBeVisible();
  await expectAccessible(page, 'the terms dialog');
  await acceptTerms(page);
});

test('templates: list, editor in both modes and every dialog it opens', async ({ page }) => {
  // A dozen axe runs: about 15 s alone, twice that beside another suite (the Node-lines pair), in
  // the suite's deadline (playwright.config.ts).
  await signInLocally(page);
  await page.goto('/templates');
  await expect(page.getByText('No templates yet')).toBeVisible();
  await expectAccessible(page, 'the empty templates list');

  await page.getByRole('button', { name: 'Create Template' }).click();
  const editor = page.getByRole('dialog', { name: 'Create New Template' });
  await expect(editor).toBeVisible();
  await expectAccessible(page, 'the template editor (email template)');
  await checkDialog(page, 'Template Variables', () =>
    editor.getByRole('button', { name: 'Variables' }).click(),
  );
  await checkDialog(page, 'AI Generate Template', () =>
    editor.getByRole('button', { name: 'AI Generate Template' }).click(),
  );
  await checkDialog(page, 'Insert Image', () => editor.getByRole('button', { name: 'Insert image' }).click());
  // Generate Image and AI Generate Prompt are the same dialog component as AI Generate Template.

  await editor.getByText('AI Prompt', { exact: true }).click();
  await expect(editor.getByLabel('Email Generation Prompt')).toBeVisible();
  await expectAccessible(page, 'the template editor (AI prompt)');
  await editor.getByRole('tab', { name: 'AI Email Preview' }).click();
  await expectAccessible(page, 'the AI email preview tab');
  await editor.getByLabel('Template Name').fill('Accessible');
  await checkDialog(
    page,
    'Unsaved Changes',
    () => editor.getByRole('button', { name: 'Cancel' }).click(),
    false,
  );
  await page.getByRole('button', { name: 'Save & Exit' }).click();
  await expect(editor).toBeHidden();

  await expect(card(page, 'Accessible')).toBeVisible();
  await expectAccessible(page, 'the templates list');
  await checkDialog(page, 'Delete Template', () =>
    card(page, 'Accessible').getByRole('button', { name: 'Delete template' }).click(),
  );
  await card(page, 'Accessible').getByRole('button', { name: 'Archive template' }).click();
  await page.getByRole('tab', { name: 'Archived' }).click();
  await expect(card(page, 'Accessible')).toBeVisible();
  await expectAccessible(page, 'the archived templates');
  await checkDialog(page, 'Delete Permanently', () =>
    card(page, 'Accessible').getByRole('button', { name: 'Delete template permanently' }).click(),
  );
});

test('campaigns: list, editor with mapping, confirmations, review, scheduling', async ({ page }) => {
  await signInLocally(page);
  await createPromptTemplate(page, 'Prompted');
  await page.goto('/campaigns');
  await expect(page.getByText('No campaigns yet')).toBeVisible();
  await expectAccessible(page, 'the empty campaigns list');

  await page.getByRole('button', { name: 'New Campaign' }).click();
  const editor = page.getByRole('dialog', { name: 'Create New Campaign' });
  await expect(editor).toBeVisible();
  await expectAccessible(page, 'the campaign editor');
  await chooseOption(page, editor.getByLabel('Email Template'), 'Prompted (AI Prompt)');
  await chooseCsv(page, editor, RECIPIENTS_CSV);
  await expect(editor.getByLabel('Email Address *', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the campaign editor with column mapping');
  await checkDialog(
    page,
    'Confirm Before Sending Without Unsubscribe Link',
    () => editor.getByRole('checkbox', { name: 'Include unsubscribe link' }).click(),
    false,
  );
  await page
    .getByRole('dialog', { name: 'Confirm Before Sending Without Unsubscribe Link' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await editor.getByLabel('Campaign Name').fill('Mapped');
  await editor.getByRole('button', { name: 'AI Automap' }).click();
  await expect(editor.getByLabel('Email Address *', { exact: true })).toHaveValue('E-mail');
  await editor.getByRole('button', { name: 'Create Campaign' }).click();
  await checkDialog(page, 'Import Summary', async () => {}, true);
  await expect(card(page, 'Mapped')).toBeVisible();
  // Delete Campaign is the same choice dialog as Delete Template.

  await readyCampaign(page, 'Ready one', CSV);
  await expectAccessible(page, 'the campaigns list with a ready campaign');
  await card(page, 'Ready one').getByRole('button', { name: 'Review', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review & Edit Emails' });
  await expect(review.getByText(/^Email 1 of 3$/)).toBeVisible();
  await expectAccessible(page, 'the review dialog', '[role="dialog"]');
  await review.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(review.getByRole('textbox', { name: 'Subject' })).toBeVisible();
  await expectAccessible(page, 'the review dialog editing an email', '[role="dialog"]');
  await review.getByRole('button', { name: 'Cancel', exact: true }).click();
  await bulkAction(page, review, 'Approve all');
  await expect(review.getByText('3 of 3 approved')).toBeVisible();
  await checkDialog(page, 'Send approved emails', () =>
    review.getByRole('button', { name: 'Send now (3)', exact: true }).click(),
  );
  const schedule = await checkDialog(
    page,
    'Schedule approved emails',
    () => bulkAction(page, review, 'Schedule (3)…'),
    false,
  );
  const tomorrow = new Date(Date.now() + 86_400_000);
  const date = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await schedule.getByRole('textbox', { name: 'Date' }).fill(date);
  await schedule.getByLabel('Time').fill('10:00');
  const scheduleAll = schedule.getByRole('button', { name: 'Schedule', exact: true });
  await confirmWithoutPostalAddress(schedule, scheduleAll);
  await scheduleAll.click();
  await expect(schedule).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(review).toBeHidden();

  const list = await checkDialog(
    page,
    'Scheduled Emails',
    () => page.getByRole('button', { name: 'Scheduled Emails', exact: true }).click(),
    false,
  );
  const row = list.locator('tbody tr').first();
  const rowMenu = row.getByRole('button', { name: /^Actions for the email to / });
  const choose = async (action: string) => {
    await rowMenu.click();
    await page.getByRole('menuitem', { name: action, exact: true }).click();
  };
  await checkDialog(page, 'Edit Scheduled Time', () => choose('Edit time'));
  await checkDialog(page, 'Delete Scheduled Email', () => choose('Delete'));
});

test('unsubscribe page, dashboard, analytics with sent emails and unsubscribers, settings', async ({
  page,
}) => {
  await signInLocally(page);
  const id = await readyCampaign(page, 'Sent one', CSV);
  await api(page, 'post', `/api/campaigns/${id}/approve-all`, {});
  await api(page, 'post', `/api/campaigns/${id}/send-approved`, {});
  let items: { id: number; status: string }[] = [];
  await expect
    .poll(async () => {
      ({ items } = await (await page.request.get(`/api/campaigns/${id}/emails?limit=10`)).json());
      return items.filter((e) => e.status === 'sent').length;
    })
    .toBe(3);

  // The public unsubscribe page, from the link in a sent message's headers.
  const raw = (await (await page.request.get(`/api/emails/${items[0]!.id}/raw`)).text()).replace(
    /\r?\n[ \t]+/g,
    ' ',
  );
  const link = /^List-Unsubscribe: <([^>]+)>/im.exec(raw)?.[1];
  expect(link, 'List-Unsubscribe header').toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Unsubscribe', exact: true })).toBeVisible();
  await expectAccessible(page, 'the unsubscribe page');

  await page.goto('/');
  await expect(page.getByRole('group', { name: 'Emails Sent' })).toContainText('3');
  await expectAccessible(page, 'the dashboard');

  await page.goto('/analytics');
  const row = page
    .getByRole('table', { name: 'Campaign performance' })
    .getByRole('row', { name: /Sent one/ });
  await expect(row).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sent emails' }).getByRole('row')).toHaveCount(4);
  await expectAccessible(page, 'the analytics page');
  await checkDialog(page, 'Unsubscribers', () =>
    row.getByRole('button', { name: 'View Unsubscribers' }).click(),
  );

  await page.goto('/settings');
  await expect(page.getByText('Sender Information')).toBeVisible();
  await expectAccessible(page, 'the settings page');
});

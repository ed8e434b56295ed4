import { expect, test } from '@playwright/test';
import {
  api,
  card,
  chooseCsv,
  chooseOption,
  createPromptTemplate,
  FAKE_AI,
  RECIPIENTS_CSV,
  setAiLatency,
  toast,
} from './campaign-support';
import { signInLocally } from './support';

test.afterEach(async ({ page }) => {
  await page.request.post(`${FAKE_AI}/__control/reset`);
});

test('a campaign from CSV to generated emails: mapping, unsubscribe confirmation, import summary, progress', async ({
  page,
}) => {
  await signInLocally(page);
  // `hook` is a variable no automap rule and no column matches: automap asks the AI for it, with
  // the one column the rules left (Notes).
  await api(page, 'post', '/api/templates', {
    name: 'Expo follow-up',
    type: 'prompt',
    subjectTemplate: '',
    bodyTemplate: '',
    aiInstructions: 'Write a short, friendly note to {{ first_name }} at {{ company }} about {{ hook }}.',
    variables: ['email', 'first_name', 'company', 'job_title', 'hook'],
  });
  await page.goto('/campaigns');
  await expect(page.getByText('No campaigns yet')).toBeVisible();
  await page.getByRole('button', { name: 'New Campaign' }).click();

  const editor = page.getByRole('dialog', { name: 'Create New Campaign' });
  await editor.getByLabel('Campaign Name').fill('Expo 2025 follow-up');
  await expect(editor.getByLabel('Description')).toHaveAttribute('rows', '3');
  await expect(editor.getByLabel('Notes')).toHaveAttribute('rows', '2');
  await chooseOption(page, editor.getByLabel('Email Template'), 'Expo follow-up (AI Prompt)');

  // The default unsubscribe message comes from the sender settings (placeholders until filled in).
  const message = editor.getByLabel('Unsubscribe Message');
  await expect(message).toHaveAttribute('rows', '4');
  await expect(message).toHaveValue(/\[Company Name\][\s\S]*This is a commercial message\./);
  await expect(editor.getByRole('alert', { name: 'Placeholders are left to replace' })).toBeVisible();

  await chooseCsv(page, editor, RECIPIENTS_CSV);
  await expect(editor.getByText('Columns found: E-mail, First, Organisation, Title, Notes')).toBeVisible();

  // Rules map four variables; `hook` goes to the (slow) AI, so the button shows its busy label.
  await setAiLatency(page, 1000);
  await editor.getByRole('button', { name: 'AI Automap' }).click();
  await expect(editor.getByRole('button', { name: 'Mapping...' })).toBeDisabled();
  await expect(editor.getByRole('button', { name: 'AI Automap' })).toBeEnabled({ timeout: 15_000 });
  await expect(editor.getByLabel('Email Address *', { exact: true })).toHaveValue('E-mail');
  await expect(editor.getByLabel('first_name', { exact: true })).toHaveValue('First');
  await expect(editor.getByLabel('company', { exact: true })).toHaveValue('Organisation');
  await expect(editor.getByLabel('job_title', { exact: true })).toHaveValue('Title');

  // Unticking asks first; Cancel changes nothing.
  const unsubscribe = editor.getByRole('checkbox', { name: 'Include unsubscribe link' });
  await expect(unsubscribe).toBeChecked();
  await unsubscribe.click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Before Sending Without Unsubscribe Link' });
  await expect(confirm).toBeVisible();
  const statements = confirm.getByRole('checkbox');
  await expect(statements).toHaveCount(4);
  await statements.nth(0).check();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(unsubscribe).toBeChecked();

  // Cancel cleared the ticks; all four are needed.
  await unsubscribe.click();
  await expect(confirm).toBeVisible();
  for (let i = 0; i < 4; i++) await expect(statements.nth(i)).not.toBeChecked();
  await statements.nth(0).check();
  await confirm.getByRole('button', { name: 'Confirm & Disable Unsubscribe Link' }).click();
  await expect(toast(page, 'Please confirm all statements')).toBeVisible();
  await expect(toast(page, 'You must check all boxes to proceed without an unsubscribe link.')).toBeVisible();
  for (let i = 1; i < 4; i++) await statements.nth(i).check();
  await confirm.getByRole('button', { name: 'Confirm & Disable Unsubscribe Link' }).click();
  await expect(confirm).toBeHidden();
  await expect(toast(page, 'Unsubscribe link disabled')).toBeVisible();
  await expect(unsubscribe).not.toBeChecked();
  await expect(editor.getByLabel('Unsubscribe Message')).toBeHidden();
  await expect(editor.getByText('No unsubscribe link')).toBeVisible();

  // Ticking again is immediate, and the message comes back.
  await unsubscribe.check();
  await expect(
    page.getByRole('dialog', { name: 'Confirm Before Sending Without Unsubscribe Link' }),
  ).toBeHidden();
  await expect(editor.getByLabel('Unsubscribe Message')).toBeVisible();

  await editor.getByRole('button', { name: 'Create Campaign' }).click();
  // No column fits `hook`: saving without it is a choice the editor asks for.
  const unmapped = page.getByRole('dialog', { name: 'Some variables have no column' });
  await expect(unmapped).toContainText('hook matches no column of the file');
  await unmapped.getByRole('button', { name: 'Save without them' }).click();
  await expect(toast(page, 'Campaign created successfully')).toBeVisible();
  await expect(toast(page, '30 recipients imported, 2 rows skipped.')).toBeVisible();
  await expect(editor).toBeHidden();

  // Two rows were left out: an invalid address and a repeated one.
  const summary = page.getByRole('dialog', { name: 'Import Summary' });
  const skipped = summary.getByRole('table', { name: 'Skipped rows' });
  await expect(skipped.getByRole('row')).toHaveCount(3);
  await expect(skipped.getByRole('row').nth(1)).toContainText('17');
  await expect(skipped.getByRole('row').nth(1)).toContainText('not-an-email');
  await expect(skipped.getByRole('row').nth(2)).toContainText('33');
  await expect(skipped.getByRole('row').nth(2)).toContainText('Duplicate email');
  await summary.getByRole('button', { name: 'Done' }).click();
  await expect(summary).toBeHidden();

  const campaign = card(page, 'Expo 2025 follow-up');
  await expect(campaign.getByText('Draft', { exact: true })).toBeVisible();
  await expect(campaign.getByText('Recipients')).toBeVisible();
  await expect(campaign.getByText('30', { exact: true })).toBeVisible();
  // The template's own name (it read "Selected").
  await expect(campaign.getByText('Expo follow-up', { exact: true })).toBeVisible();
  await expect(campaign.getByRole('button', { name: 'Upload CSV' })).toHaveCount(0);

  // A slow AI keeps generation going long enough to watch the bar.
  await setAiLatency(page, 250);
  await campaign.getByRole('button', { name: 'Generate' }).click();
  // Attached rather than visible: at 0 % the bar's filled section has no width yet.
  await expect(campaign.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '100');
  await expect(campaign.getByText('Generating', { exact: true })).toBeVisible();
  await expect(campaign.getByText('Ready', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(toast(page, 'Emails generated')).toBeVisible();
  await expect(campaign.getByRole('progressbar')).toHaveCount(0);
  await expect(campaign.getByRole('button', { name: 'Edit campaign' })).toHaveCount(0);

  await campaign.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: 'Review & Edit Emails' });
  await expect(review).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(review).toBeHidden();
});

test('the editor checks its fields in order and Generate explains what is missing', async ({ page }) => {
  await signInLocally(page);
  const template = await createPromptTemplate(page, 'Checks');
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Create Your First Campaign' }).click();

  const editor = page.getByRole('dialog', { name: 'Create New Campaign' });
  const submit = editor.getByRole('button', { name: 'Create Campaign' });
  await submit.click();
  await expect(toast(page, 'Please select an email template')).toBeVisible();
  await chooseOption(page, editor.getByLabel('Email Template'), 'Checks (AI Prompt)');
  await submit.click();
  await expect(toast(page, 'Please upload a CSV file with recipient data')).toBeVisible();
  await chooseCsv(page, editor, RECIPIENTS_CSV);
  await submit.click();
  await expect(toast(page, 'Please enter a campaign name')).toBeVisible();
  await editor.getByLabel('Campaign Name').fill('  ');
  await submit.click();
  await expect(toast(page, 'Please enter a campaign name')).toBeVisible();
  await editor.getByLabel('Campaign Name').fill('Checked');
  await submit.click();
  await expect(toast(page, 'Please map the email column for CSV upload')).toBeVisible();
  // A filled-in form is not thrown away without asking.
  await editor.getByRole('button', { name: 'Cancel' }).click();
  const unsaved = page.getByRole('dialog', { name: 'Unsaved Changes' });
  await unsaved.getByRole('button', { name: 'Exit Without Saving' }).click();
  await expect(editor).toBeHidden();

  // Drafts made elsewhere (here through the API) show why they cannot generate yet.
  await api(page, 'post', '/api/campaigns', { name: 'No template yet', templateId: null });
  await api(page, 'post', '/api/campaigns', {
    name: 'No recipients yet',
    templateId: template.id,
    columnMapping: { email: 'E-mail' },
  });
  await page.reload();
  const noTemplate = card(page, 'No template yet');
  await expect(noTemplate.getByText('Select a template first')).toBeVisible();
  await expect(noTemplate.getByRole('button', { name: 'Generate' })).toBeDisabled();
  await expect(noTemplate.getByText('None', { exact: true })).toBeVisible();
  const noRecipients = card(page, 'No recipients yet');
  await expect(noRecipients.getByText('Upload CSV recipients first')).toBeVisible();

  // Upload CSV opens the editor of that draft, its mapping kept.
  await noRecipients.getByRole('button', { name: 'Upload CSV' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Campaign' });
  await expect(edit.getByLabel('Campaign Name')).toHaveValue('No recipients yet');
  await expect(edit.getByRole('button', { name: 'CSV File' })).toBeFocused();
  await chooseCsv(page, edit, RECIPIENTS_CSV);
  await expect(edit.getByLabel('Email Address *', { exact: true })).toHaveValue('E-mail');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await unsaved.getByRole('button', { name: 'Exit Without Saving' }).click();
  await expect(edit).toBeHidden();

  // Choosing another template resets the mapping.
  await createPromptTemplate(page, 'Other');
  await page.reload();
  await card(page, 'No recipients yet').getByRole('button', { name: 'Edit campaign' }).click();
  await chooseCsv(page, edit, RECIPIENTS_CSV);
  await expect(edit.getByLabel('Email Address *', { exact: true })).toHaveValue('E-mail');
  await chooseOption(page, edit.getByLabel('Email Template'), 'Other (AI Prompt)');
  await expect(edit.getByLabel('Email Address *', { exact: true })).toHaveValue('');
  await chooseOption(page, edit.getByLabel('Email Address *', { exact: true }), 'E-mail');
  await edit.getByRole('button', { name: 'Update Campaign' }).click();
  // The other variables are left without a column on purpose here.
  const unmapped = page.getByRole('dialog', { name: 'Some variables have no column' });
  await unmapped.getByRole('button', { name: 'Save without them' }).click();
  await expect(toast(page, 'Campaign updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await page.getByRole('dialog', { name: 'Import Summary' }).getByRole('button', { name: 'Done' }).click();
  await expect(card(page, 'No recipients yet').getByRole('button', { name: 'Generate' })).toBeEnabled();

  // With recipients imported, an edit can remap without choosing the file again.
  await card(page, 'No recipients yet').getByRole('button', { name: 'Edit campaign' }).click();
  await expect(
    edit.getByText('This campaign has 30 recipients. Choose a file to replace them.'),
  ).toBeVisible();
  await expect(edit.getByText('Columns imported: E-mail, First, Notes, Organisation, Title')).toBeVisible();
  await expect(edit.getByLabel('Email Address *', { exact: true })).toHaveValue('E-mail');
  await chooseOption(page, edit.getByLabel('first_name', { exact: true }), 'First');
  await edit.getByRole('button', { name: 'Update Campaign' }).click();
  await unmapped.getByRole('button', { name: 'Save without them' }).click();
  await expect(toast(page, 'Campaign updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Import Summary' })).toBeHidden();
});

test('generation keeps its progress bar after a reload, and campaigns archive, restore and delete', async ({
  page,
}) => {
  await signInLocally(page);
  const template = await createPromptTemplate(page, 'Slow');
  const { id } = await api(page, 'post', '/api/campaigns', {
    name: 'Slow one',
    templateId: template.id,
    columnMapping: { email: 'E-mail' },
  });
  const upload = await page.request.post(`/api/campaigns/${id}/upload-csv`, {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      columnMapping: JSON.stringify({ email: 'E-mail' }),
      csvFile: {
        name: 'r.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('E-mail\na@example.com\nb@example.com\n'),
      },
    },
  });
  expect(upload.ok()).toBe(true);

  await page.goto('/campaigns');
  await setAiLatency(page, 3000);
  const campaign = card(page, 'Slow one');
  await campaign.getByRole('button', { name: 'Generate' }).click();
  await expect(campaign.getByRole('progressbar')).toHaveCount(1);
  // Closing the page does not stop the work; coming back follows it again.
  await page.reload();
  await expect(card(page, 'Slow one').getByRole('progressbar')).toHaveCount(1);
  await expect(card(page, 'Slow one').getByText('Generating', { exact: true })).toBeVisible();
  await expect(card(page, 'Slow one').getByText('Ready', { exact: true })).toBeVisible({ timeout: 20_000 });

  await card(page, 'Slow one').getByRole('button', { name: 'Archive campaign' }).click();
  await expect(toast(page, 'Campaign archived')).toBeVisible();
  await expect(card(page, 'Slow one')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Archived' }).click();
  const archived = card(page, 'Slow one');
  await expect(archived.getByText('Archived', { exact: true })).toBeVisible();
  await expect(archived.getByText('Ready', { exact: true })).toBeVisible();
  await expect(archived.getByText('2', { exact: true })).toBeVisible();
  await archived.getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'Campaign restored')).toBeVisible();
  await page.getByRole('tab', { name: 'Active Campaigns' }).click();

  await card(page, 'Slow one').getByRole('button', { name: 'Delete campaign' }).click();
  const choice = page.getByRole('dialog', { name: 'Delete Campaign' });
  await choice.getByRole('button', { name: 'Delete Permanently' }).click();
  await expect(toast(page, 'Campaign deleted')).toBeVisible();
  await expect(page.getByText('No campaigns yet')).toBeVisible();
});

import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInLocally } from './support';

const SAMPLE_CSV = path.join(import.meta.dirname, 'fixtures', 'sample.csv');

/** Picks a sample CSV through the editor's file chooser, as a user would. */
async function uploadSampleCsv(page: Page, editor: Locator, file: string | { name: string; text: string }) {
  const chooser = page.waitForEvent('filechooser');
  await editor.getByRole('button', { name: 'Upload Sample CSV' }).click();
  await (await chooser).setFiles(
    typeof file === 'string'
      ? file
      : { name: file.name, mimeType: 'text/csv', buffer: Buffer.from(file.text, 'utf8') },
  );
}

async function createTemplateByApi(page: Page, name: string) {
  const res = await page.request.post('/api/templates', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      name,
      type: 'template',
      subjectTemplate: 'Hi {{ first_name }}',
      bodyTemplate: '<p>Hello {{ first_name }} from {{ company }}</p>',
      aiInstructions: null,
      variables: ['email', 'first_name', 'company'],
    },
  });
  expect(res.ok()).toBe(true);
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
// The newest toast; the one it replaced may still be fading out.
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').getByText(text).last();

test('an email template: variables, sample CSV preview, images, AI draft and save', async ({ page }) => {
  await signInLocally(page);
  await page.goto('/templates');
  await expect(page.getByText('No templates yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create Your First Template' }).click();

  const editor = page.getByRole('dialog', { name: 'Create New Template' });
  await editor.getByRole('button', { name: 'Save Template' }).click();
  await expect(toast(page, 'Please enter a template name')).toBeVisible();

  await editor.getByLabel('Template Name').fill('Webinar follow-up');
  await editor.getByRole('button', { name: 'Save Template' }).click();
  await expect(toast(page, 'Please enter a subject line template')).toBeVisible();

  // A chip goes in at the cursor of the field last focused: first the subject, then the body.
  const subject = editor.getByLabel('Subject Line Template');
  await subject.fill('Hello !');
  await subject.press('ArrowLeft');
  await editor.getByRole('button', { name: 'Insert variable first_name' }).click();
  await expect(subject).toHaveValue('Hello {{ first_name }}!');
  const body = editor.getByRole('textbox', { name: 'Body' });
  await body.click();
  await body.pressSequentially('We met at ');
  await editor.getByRole('button', { name: 'Insert variable company' }).click();
  await expect(body).toContainText('We met at {{ company }}');

  // Without a CSV the preview uses the built-in sample recipient.
  const preview = editor.getByRole('region', { name: 'Live preview' });
  await expect(preview).toContainText('Hello John!');
  await expect(preview).toContainText('We met at Acme Corp');

  await uploadSampleCsv(page, editor, SAMPLE_CSV);
  await expect(editor.getByText('Columns found: email, First Name, company, job_title')).toBeVisible();
  await expect(preview).toContainText('Hello Jane!');
  await expect(preview).toContainText('We met at Globex');

  // Images: a bad address is refused with an alert (docs/product.md §2); a good one lands in the body.
  await editor.getByRole('button', { name: 'Insert image' }).click();
  const insertImage = page.getByRole('dialog', { name: 'Insert Image' });
  await insertImage.getByLabel('Image URL').fill('ftp://example.com/banner.txt');
  // Handled in the listener: the alert blocks the page, so the click would not return until it is closed.
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await insertImage.getByRole('button', { name: 'Insert' }).click();
  await expect
    .poll(() => alerts)
    .toEqual(['Please enter a valid image URL (must start with http/https and be an image file).']);
  await insertImage.getByLabel('Image URL').fill('https://example.com/banner.PNG?w=600');
  await insertImage.getByRole('button', { name: 'Insert' }).click();
  await expect(insertImage).toBeHidden();
  await expect(body.locator('img[src="https://example.com/banner.PNG?w=600"]')).toHaveCount(1);

  await editor.getByRole('button', { name: 'Generate Image' }).click();
  const generateImage = page.getByRole('dialog', { name: 'Generate Image' });
  await generateImage.getByLabel('Describe the image').fill('A calm blue banner');
  await generateImage.getByRole('button', { name: 'Generate' }).click();
  await expect(generateImage).toBeHidden();
  await expect(body.locator('img[src*="/i/"]')).toHaveCount(1);

  // AI Generate Template fills subject and body from the (echoing) fake AI.
  await editor.getByRole('button', { name: 'AI Generate Template' }).click();
  const generate = page.getByRole('dialog', { name: 'AI Generate Template' });
  await expect(generate.getByRole('button', { name: 'Generate' })).toBeDisabled();
  await generate.getByLabel('Describe the email you want').fill('A thank-you after our webinar');
  await generate.getByRole('button', { name: 'Generate' }).click();
  await expect(generate).toBeHidden();
  await expect(subject).toHaveValue(/^Re: Write an email template/);
  await expect(body).toContainText('A thank-you after our webinar');
  await expect(preview).toContainText('A thank-you after our webinar');

  await editor.getByRole('button', { name: 'Save Template' }).click();
  await expect(toast(page, 'Template created')).toBeVisible();
  await expect(editor).toBeHidden();
  const saved = card(page, 'Webinar follow-up');
  await expect(saved.getByText('Template', { exact: true })).toBeVisible();
  await expect(saved).toContainText('Subject: Re: Write an email template');
});

test('an AI prompt template: generated prompt, prompt preview and AI email preview', async ({ page }) => {
  await signInLocally(page);
  await page.goto('/templates');
  await page.getByRole('button', { name: 'Create Template' }).click();
  const editor = page.getByRole('dialog', { name: 'Create New Template' });
  await editor.getByLabel('Template Name').fill('Cold outreach');
  await editor.getByText('AI Prompt', { exact: true }).click();

  const prompt = editor.getByLabel('Email Generation Prompt');
  await expect(prompt).toHaveValue(/marketing assistant/);
  await expect(prompt).toHaveAttribute('rows', '22');
  const promptPreview = editor.getByRole('region', { name: 'Prompt preview' });
  await expect(promptPreview).toContainText('Role: Marketing Director at Acme Corp');

  await editor.getByRole('button', { name: 'AI Generate Prompt' }).click();
  const generate = page.getByRole('dialog', { name: 'AI Generate Prompt' });
  await generate.getByLabel('Describe the emails you want').fill('Offer CTOs a free audit');
  await generate.getByRole('button', { name: 'Generate' }).click();
  await expect(generate).toBeHidden();
  await expect(prompt).toHaveValue(/^Echo: Write email-writing instructions/);
  await expect(promptPreview).toContainText('Offer CTOs a free audit');

  // The AI email preview needs a sample CSV.
  await editor.getByRole('tab', { name: 'AI Email Preview' }).click();
  await expect(editor.getByText('Upload a sample CSV to generate an AI email preview.')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Generate', exact: true })).toBeDisabled();
  await uploadSampleCsv(page, editor, SAMPLE_CSV);
  await editor.getByRole('button', { name: 'Generate', exact: true }).click();
  const aiEmail = editor.getByRole('region', { name: 'AI email preview' });
  await expect(aiEmail).toContainText('Offer CTOs a free audit');
  await expect(aiEmail).toContainText('Jane');
  await expect(editor.getByRole('button', { name: 'Regenerate' })).toBeVisible();

  // Editing the prompt clears the generated email.
  await prompt.press('Control+End');
  await prompt.pressSequentially(' Keep it short.');
  await expect(aiEmail).toBeHidden();
  await expect(editor.getByRole('button', { name: 'Generate', exact: true })).toBeVisible();

  // Clearing the sample returns to the Prompt Preview.
  await editor.getByRole('button', { name: 'Clear sample CSV' }).click();
  await expect(editor.getByRole('tab', { name: 'Prompt Preview' })).toHaveAttribute('aria-selected', 'true');

  await editor.getByRole('button', { name: 'Save Template' }).click();
  await expect(toast(page, 'Template created')).toBeVisible();
  const saved = card(page, 'Cold outreach');
  await expect(saved.getByText('AI Prompt', { exact: true })).toBeVisible();
  await expect(saved).toContainText('Echo: Write email-writing instructions');
  await expect(saved).not.toContainText('Subject:');
});

test('templates are archived, restored and deleted permanently', async ({ page }) => {
  await signInLocally(page);
  await createTemplateByApi(page, 'Spring promo');
  await createTemplateByApi(page, 'Old intro');
  await page.goto('/templates');

  await card(page, 'Spring promo').getByRole('button', { name: 'Archive template' }).click();
  await expect(toast(page, 'Template archived')).toBeVisible();
  await expect(card(page, 'Spring promo')).toBeHidden();

  await page.getByRole('tab', { name: 'Archived' }).click();
  const archived = card(page, 'Spring promo');
  await expect(archived.getByText('Archived', { exact: true })).toBeVisible();
  await archived.getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'Template restored')).toBeVisible();
  await expect(page.getByText('No archived templates')).toBeVisible();

  // Delete offers Archive, Delete Permanently or Cancel.
  await page.getByRole('tab', { name: 'Active Templates' }).click();
  await card(page, 'Spring promo').getByRole('button', { name: 'Delete template' }).click();
  const choice = page.getByRole('dialog', { name: 'Delete Template' });
  await expect(choice.getByRole('button', { name: 'Archive' })).toBeVisible();
  await choice.getByRole('button', { name: 'Cancel' }).click();
  await expect(choice).toBeHidden();
  await expect(card(page, 'Spring promo')).toBeVisible();

  await card(page, 'Spring promo').getByRole('button', { name: 'Delete template' }).click();
  await choice.getByRole('button', { name: 'Archive' }).click();
  await expect(toast(page, 'Template archived')).toBeVisible();

  await card(page, 'Old intro').getByRole('button', { name: 'Delete template' }).click();
  await choice.getByRole('button', { name: 'Delete Permanently' }).click();
  await expect(toast(page, 'Template deleted')).toBeVisible();
  await expect(page.getByText('No templates yet')).toBeVisible();

  await page.getByRole('tab', { name: 'Archived' }).click();
  await card(page, 'Spring promo').getByRole('button', { name: 'Delete template permanently' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Permanently' });
  await expect(confirm.getByText('Are you sure you want to permanently delete this template?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete Permanently' }).click();
  await expect(toast(page, 'Template deleted')).toBeVisible();
  await expect(page.getByText('No archived templates')).toBeVisible();
});

test('closing a changed editor asks about unsaved changes', async ({ page }) => {
  await signInLocally(page);
  await createTemplateByApi(page, 'Intro');
  await page.goto('/templates');

  // Unchanged: closes without asking. Clicking the card opens the editor.
  await card(page, 'Intro').getByText('Intro').click();
  const editor = page.getByRole('dialog', { name: 'Edit Template' });
  await expect(editor.getByLabel('Template Name')).toHaveValue('Intro');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();

  await card(page, 'Intro').getByRole('button', { name: 'Edit template' }).click();
  await editor.getByLabel('Template Name').fill('Intro v2');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  const unsaved = page.getByRole('dialog', { name: 'Unsaved Changes' });
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole('button', { name: 'Cancel' }).click();
  await expect(unsaved).toBeHidden();
  await expect(editor.getByLabel('Template Name')).toHaveValue('Intro v2');

  // Escape asks too, then Exit Without Saving drops the change.
  await page.keyboard.press('Escape');
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole('button', { name: 'Exit Without Saving' }).click();
  await expect(editor).toBeHidden();
  await expect(card(page, 'Intro')).toBeVisible();

  // Variables count as changes; Save & Exit keeps them.
  await card(page, 'Intro').getByRole('button', { name: 'Edit template' }).click();
  await editor.getByRole('button', { name: 'Variables' }).click();
  const variables = page.getByRole('dialog', { name: 'Template Variables' });
  await expect(variables.getByRole('button', { name: 'Remove variable email' })).toBeDisabled();
  await variables.getByLabel('New variable').fill('First Name');
  await variables.getByRole('button', { name: 'Add' }).click();
  await expect(variables.getByText('Variable already exists')).toBeVisible();
  await variables.getByLabel('New variable').fill('Company Size');
  await variables.getByRole('button', { name: 'Add' }).click();
  await expect(variables.getByText('{{ company_size }}')).toBeVisible();
  await variables.getByRole('button', { name: 'Done' }).click();
  await expect(editor.getByRole('button', { name: 'Insert variable company_size' })).toBeVisible();
  await editor.getByRole('button', { name: 'Close' }).click();
  await unsaved.getByRole('button', { name: 'Save & Exit' }).click();
  await expect(toast(page, 'Template updated')).toBeVisible();
  await expect(editor).toBeHidden();

  await card(page, 'Intro').click();
  await expect(editor.getByRole('button', { name: 'Insert variable company_size' })).toBeVisible();
});

test('sample CSV values are shown as text, never run', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInLocally(page);
  await page.goto('/templates');
  await page.getByRole('button', { name: 'Create Template' }).click();
  const editor = page.getByRole('dialog', { name: 'Create New Template' });
  const attack = '<img src=x onerror=alert(1)>';
  await uploadSampleCsv(page, editor, {
    name: 'xss.csv',
    text: `email,first_name,info\nx@example.com,"<b>Eve</b>",${attack}\n`,
  });

  await editor.getByLabel('Subject Line Template').fill('About {{ first_name }}');
  const body = editor.getByRole('textbox', { name: 'Body' });
  await body.click();
  await body.pressSequentially('Note: ');
  await editor.getByRole('button', { name: 'Insert variable info' }).click();

  const preview = editor.getByRole('region', { name: 'Live preview' });
  await expect(preview).toContainText(`Note: ${attack}`);
  await expect(preview).toContainText('About <b>Eve</b>');
  await expect(preview.locator('img, b')).toHaveCount(0);

  await editor.getByText('AI Prompt', { exact: true }).click();
  const promptPreview = editor.getByRole('region', { name: 'Prompt preview' });
  await expect(promptPreview).toContainText('What we know about them: <img src=x onerror=alert(1)>');
  await expect(promptPreview.locator('img')).toHaveCount(0);

  // Give any injected handler a moment to fire before checking that none did.
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
});

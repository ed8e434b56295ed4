import { expect, type Page, test } from '@playwright/test';
import { api, card, FAKE_AI, openReview } from './campaign-support';
import { signInLocally } from './support';

// Each payload sets window.__xss (or opens a dialog) if it ever runs.
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload=window.__xss=1>';
const JS_LINK = '<a href="javascript:window.__xss=1">click me</a>';
// biome-ignore lint/suspicious/noTemplateCurlyInString: a literal payload, meant to reach the app unexpanded.
const TEMPLATE_SYNTAX = "{{ '{{' }} {% raw %}{{ 7*7 }}{% endraw %} ${7*7}";

test.afterEach(async ({ page }) => {
  await page.request.post(`${FAKE_AI}/__control/reset`);
});

/** Records every alert/confirm/prompt the page opens; none should. */
function watchDialogs(page: Page) {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

/** No payload ran on this screen: window.__xss unset and no dialog opened. */
async function expectNothingRan(page: Page, opened: string[], screen: string) {
  // Image errors and SVG loads fire asynchronously; let them happen before checking.
  await page.waitForTimeout(150);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), `script ran on ${screen}`).toBe(
    undefined,
  );
  expect(opened, `dialogs opened on ${screen}`).toEqual([]);
  // Nothing armed to run later either: no handlers or script URLs survived into the page.
  await expect(
    page.locator('[onerror], [onload], [onclick], [href^="javascript:" i], [src^="javascript:" i]'),
  ).toHaveCount(0);
  await expect(page.locator('script').filter({ hasText: '__xss' })).toHaveCount(0);
}

/** A campaign of `csv` (columns E-mail, First, Organisation, Notes) on `templateId`, generated through the UI. */
async function generatedCampaign(page: Page, name: string, templateId: number, csv: string) {
  const mapping = { email: 'E-mail', first_name: 'First', company: 'Organisation', notes: 'Notes' };
  const { id } = await api(page, 'post', '/api/campaigns', { name, templateId, columnMapping: mapping });
  const upload = await page.request.post(`/api/campaigns/${id}/upload-csv`, {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      columnMapping: JSON.stringify(mapping),
      csvFile: { name: 'x.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  await page.goto('/campaigns');
  await card(page, name).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(card(page, name).getByText('Ready', { exact: true })).toBeVisible({ timeout: 20_000 });
  return id;
}

const csvCell = (text: string) => `"${text.replace(/"/g, '""')}"`;

test('payloads in CSV cells, template fields, AI output and sender settings never run', async ({ page }) => {
  const opened = watchDialogs(page);
  await signInLocally(page);

  // Sender settings: a name and company that reach the unsubscribe page, a signature with markup.
  await api(page, 'post', '/api/sender-settings', {
    name: `Sam ${IMG}`,
    companyName: `Acme ${SVG}`,
    signature: `<p>Regards ${SCRIPT}${IMG}${JS_LINK}</p>`,
  });
  await page.goto('/settings');
  await expect(page.getByLabel('Sender Name')).toHaveValue(`Sam ${IMG}`);
  await expect(page.getByLabel('Company Name')).toHaveValue(`Acme ${SVG}`);
  await expectNothingRan(page, opened, 'the settings page');

  // A fixed template whose every field carries payloads; the CSV's cells do too.
  const template = await api(page, 'post', '/api/templates', {
    name: `Fixed ${IMG}`,
    type: 'template',
    subjectTemplate: `Hi {{ first_name }} ${SCRIPT}`,
    bodyTemplate: `<p>Dear {{ first_name }} of {{ company }}: {{ notes }}</p><p>${IMG}${SVG}${JS_LINK}</p><p>${TEMPLATE_SYNTAX}</p>`,
    // No AI instructions: the emails are the template filled in, not an AI rewrite of it.
    aiInstructions: '',
    variables: ['email', 'first_name', 'company', 'notes'],
  });
  await page.goto('/templates');
  await expect(card(page, `Fixed ${IMG}`)).toBeVisible();
  await expectNothingRan(page, opened, 'the templates list');
  await card(page, `Fixed ${IMG}`).getByRole('button', { name: 'Edit template' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Template' });
  await expect(editor.getByLabel('Template Name')).toHaveValue(`Fixed ${IMG}`);
  const preview = editor.getByRole('region', { name: 'Live preview' });
  await expect(preview).toContainText(SCRIPT);
  await expectNothingRan(page, opened, 'the template editor and its preview');
  await page.keyboard.press('Escape');

  const ava = `ava+${Date.now()}@example.com`;
  const csv = `E-mail,First,Organisation,Notes\n${ava},${csvCell(IMG)},${csvCell(SVG)},${csvCell(`${SCRIPT} {{ email }} {% if x %}`)}\n`;
  const fixedId = await generatedCampaign(page, `Campaign ${SVG}`, template.id, csv);
  await expectNothingRan(page, opened, 'the campaigns list');

  // The review shows CSV values as the text they are, inside the subject and the body.
  const review = await openReview(page, `Campaign ${SVG}`, 1);
  await expect(review.getByText(`Hi ${IMG} ${SCRIPT}`)).toBeVisible();
  await expect(review).toContainText(`Dear ${IMG} of ${SVG}: ${SCRIPT} {{ email }} {% if x %}`);
  await expectNothingRan(page, opened, 'the review dialog');
  await review.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(review.getByRole('textbox', { name: 'Subject' })).toHaveValue(`Hi ${IMG} ${SCRIPT}`);
  await expectNothingRan(page, opened, 'the review editor');
  await review.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.keyboard.press('Escape');

  // AI output: the fake model answers every request with payloads.
  const aiReply = {
    subject: `AI says ${SCRIPT}`,
    body: `<p>AI body ${IMG}${SVG}</p>${JS_LINK}`,
    aiInstructions: `AI ${SCRIPT}`,
  };
  expect((await page.request.post(`${FAKE_AI}/__control/reply`, { data: { reply: aiReply } })).ok()).toBe(
    true,
  );
  const prompt = await api(page, 'post', '/api/templates', {
    name: 'Prompted',
    type: 'prompt',
    subjectTemplate: '',
    bodyTemplate: '',
    aiInstructions: `Write to {{ first_name }} ${IMG}`,
    variables: ['email', 'first_name', 'company', 'notes'],
  });
  const bob = `bob+${Date.now()}@example.com`;
  await generatedCampaign(
    page,
    'AI campaign',
    prompt.id,
    `E-mail,First,Organisation,Notes\n${bob},Bob,Initech,none\n`,
  );
  const aiReview = await openReview(page, 'AI campaign', 1);
  await expect(aiReview.getByText(`AI says ${SCRIPT}`)).toBeVisible();
  await expect(aiReview).toContainText('AI body');
  await expectNothingRan(page, opened, 'the review of AI-written emails');
  await page.keyboard.press('Escape');

  // The template editor's AI flows: AI Generate Template and the prompt's AI email preview.
  await page.goto('/templates');
  await card(page, 'Prompted').getByRole('button', { name: 'Edit template' }).click();
  const promptEditor = page.getByRole('dialog', { name: 'Edit Template' });
  await expect(promptEditor.getByRole('region', { name: 'Prompt preview' })).toContainText(IMG);
  await expectNothingRan(page, opened, 'the prompt preview');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create Template' }).click();
  const creator = page.getByRole('dialog', { name: 'Create New Template' });
  await creator.getByRole('button', { name: 'AI Generate Template' }).click();
  const generate = page.getByRole('dialog', { name: 'AI Generate Template' });
  await generate.getByLabel('Describe the email you want').fill(`Something ${IMG}`);
  await generate.getByRole('button', { name: 'Generate' }).click();
  await expect(generate).toBeHidden();
  await expect(creator.getByLabel('Subject Line Template')).toHaveValue(`AI says ${SCRIPT}`);
  await expect(creator.getByRole('region', { name: 'Live preview' })).toContainText('AI body');
  await expectNothingRan(page, opened, 'the template editor after AI Generate Template');
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog', { name: 'Unsaved Changes' })
    .getByRole('button', { name: 'Exit Without Saving' })
    .click();

  // Sent: analytics lists subjects and campaign names; the unsubscribe page shows the sender.
  // The CSV's "{{ email }}" reads as a placeholder left unfilled (a high finding, never approved in
  // bulk): a person reads it and keeps the text.
  const [draft] = (await (await page.request.get(`/api/campaigns/${fixedId}/emails?limit=10`)).json()).items;
  await api(page, 'put', `/api/emails/${draft.id}`, { findingsDismissed: true });
  await api(page, 'post', `/api/campaigns/${fixedId}/approve-all`, {});
  await api(page, 'post', `/api/campaigns/${fixedId}/send-approved`, {});
  let emailId = 0;
  await expect
    .poll(async () => {
      const { items } = await (await page.request.get(`/api/campaigns/${fixedId}/emails?limit=10`)).json();
      emailId = items[0].id;
      return items[0].status;
    })
    .toBe('sent');
  const raw = await page.request.get(`/api/emails/${emailId}/raw`);
  expect(raw.headers()['content-type']).toContain('message/rfc822');
  expect(raw.headers()['x-content-type-options']).toBe('nosniff');
  const unfolded = (await raw.text()).replace(/\r?\n[ \t]+/g, ' ');
  const link = /^List-Unsubscribe: <([^>]+)>/im.exec(unfolded)?.[1];
  expect(link, 'List-Unsubscribe header').toBeTruthy();

  await page.goto(link!);
  await expect(page.getByText(`Sam ${IMG} (Acme ${SVG})`)).toBeVisible();
  await expectNothingRan(page, opened, 'the unsubscribe page');
  await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'You have been unsubscribed' })).toBeVisible();
  await expect(page.getByText(`Sam ${IMG} (Acme ${SVG})`)).toBeVisible();
  await expectNothingRan(page, opened, 'the unsubscribed page');

  await page.goto('/analytics');
  const row = page
    .getByRole('table', { name: 'Campaign performance' })
    .getByRole('row', { name: /svg onload/ });
  await expect(row).toContainText(`Campaign ${SVG}`);
  await expect(page.getByRole('table', { name: 'Sent emails' })).toContainText(`Hi ${IMG} ${SCRIPT}`);
  await expectNothingRan(page, opened, 'the analytics page');
  await row.getByRole('button', { name: 'View Unsubscribers' }).click();
  const unsubscribers = page.getByRole('dialog', { name: /Unsubscribers/ });
  await expect(unsubscribers).toContainText(ava);
  await expect(unsubscribers).toContainText(`Campaign ${SVG}`);
  await expectNothingRan(page, opened, 'the unsubscribers dialog');
  await page.keyboard.press('Escape');

  await page.goto('/');
  await expect(page.getByText(`Campaign ${SVG}`).first()).toBeVisible();
  await expectNothingRan(page, opened, 'the dashboard');

  // The raw message is offered as a file, never rendered as a page of this origin.
  const download = page.waitForEvent('download');
  await page.goto(`/api/emails/${emailId}/raw`).catch(() => {});
  expect((await download).suggestedFilename()).toBe(`email-${emailId}.eml`);
  await expectNothingRan(page, opened, 'the raw message view');
});

import { expect, type Page, test } from '@playwright/test';
import { chooseOption, createPromptTemplate, toast } from './campaign-support';
import { signInLocally, uniqueEmail } from './support';

/**
 * What a deployment cannot do is said before anyone tries (issue #28, items 3 and 11), on a desktop
 * and on a phone; and an account can be deleted with everything in it (item 10). The app under test
 * has every provider; a deployment without them is played by answering /api/public-config as such a
 * server does (test/deployment-capabilities.int.test.ts checks the server's side).
 */
const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

/** The public config of a deployment with `changes` (from the real one of the app under test). */
async function pretendDeployment(page: Page, changes: { signIn?: object; ai?: boolean }) {
  await page.route('**/api/public-config', async (route) => {
    const real = await (await route.fetch()).json();
    await route.fulfill({ json: { ...real, ...changes, signIn: { ...real.signIn, ...changes.signIn } } });
  });
}

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('with no sign-in method, the landing page says what to set instead of offering buttons', async ({
      page,
    }) => {
      await pretendDeployment(page, {
        signIn: { google: false, microsoft: false, local: false, localOnThisMachineOnly: false },
      });
      await page.goto('/');
      const notice = page.getByRole('status', { name: 'Sign-in is not set up on this server' });
      await expect(notice).toBeVisible();
      for (const setting of ['GOOGLE_CLIENT_ID', 'MICROSOFT_CLIENT_ID', 'LOCAL_SIGN_IN=true'])
        await expect(notice).toContainText(setting);
      await expect(page.getByRole('button', { name: /Gmail|Outlook|Continue locally/ })).toHaveCount(0);
      // On the phone too, the notice fits the screen.
      const box = await notice.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
    });

    test('with no AI provider, the AI features say so and how to connect one, before anything is typed', async ({
      page,
    }) => {
      await signInLocally(page);
      await pretendDeployment(page, { ai: false });
      await page.goto('/templates');
      await page.getByRole('button', { name: 'Create Template' }).click();
      const editor = page.getByRole('dialog', { name: 'Create New Template' });

      // The AI Email Preview blames the missing provider, not the missing sample CSV.
      await editor.getByRole('tab', { name: 'AI Email Preview' }).click();
      const previewNotice = editor.getByRole('status', { name: 'Needs an AI provider' });
      await expect(previewNotice).toContainText('AI_PROVIDER=openai-compatible');
      await expect(previewNotice).toContainText('AI_BASE_URL=http://localhost:11434/v1');
      await expect(previewNotice).toContainText('Ollama');
      await expect(editor.getByText('Upload a sample CSV')).toHaveCount(0);

      // AI Generate Template: said as the dialog opens, nothing to type or submit.
      await editor.getByRole('button', { name: 'AI Generate Template' }).click();
      const dialog = page.getByRole('dialog', { name: 'AI Generate Template' });
      await expect(dialog.getByRole('status', { name: 'Needs an AI provider' })).toBeVisible();
      await expect(dialog.getByLabel('Describe the email you want')).toBeDisabled();
      await expect(dialog.getByRole('button', { name: 'Generate' })).toBeDisabled();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();

      // An AI Prompt template is all AI: said above the prompt.
      await editor.getByText('AI Prompt', { exact: true }).click();
      await expect(editor.getByRole('status', { name: 'Needs an AI provider' }).first()).toContainText(
        'An AI Prompt template uses AI',
      );
      await page.keyboard.press('Escape');

      // A campaign says so as soon as one of its steps is written by the AI, not at Generate.
      await createPromptTemplate(page, 'Needs AI');
      await page.goto('/campaigns');
      await page
        .getByRole('button', { name: /Create (Your First )?Campaign/ })
        .first()
        .click();
      const campaign = page.getByRole('dialog', { name: 'Create New Campaign' });
      await expect(campaign.getByRole('status', { name: 'Needs an AI provider' })).toHaveCount(0);
      await chooseOption(page, campaign.getByLabel('Email Template'), 'Needs AI (AI Prompt)');
      await expect(campaign.getByRole('status', { name: 'Needs an AI provider' })).toContainText(
        'Writing this campaign’s emails uses AI',
      );
    });
  });
}

test('Settings → Delete my account offers the export, waits for the email, then deletes everything', async ({
  page,
}) => {
  const email = await signInLocally(page, uniqueEmail('leaving'));
  const created = await page.request.post('/api/templates', {
    data: { name: 'Mine', type: 'template', subjectTemplate: 'Hi', bodyTemplate: 'Hello {{email}}' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(created.ok()).toBe(true);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByRole('button', { name: 'Export Data' })).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete account and data' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${email} to confirm`).fill('someone-else@example.com');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${email} to confirm`).fill(email);
  await confirm.click();
  await expect(toast(page, 'Account deleted')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Personalised email campaigns');

  // Signing in with the same address starts from nothing: a new account, terms again, no templates.
  await signInLocally(page, email);
  const templates = await (await page.request.get('/api/templates')).json();
  expect(templates).toEqual([]);
});

import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y-support';
import { api, card, FAKE_AI, toast, uploadCsv } from './campaign-support';
import { signInLocally } from './support';

// The sender profile: typed in Settings, carried in the <sender> block to the AI that writes, and
// named in the review under "Sender facts used"; and a campaign's own offer over the Settings' one.

const PROOF_POINT = 'Trusted by 12,000 delivery teams';
const CAMPAIGN_OFFER = 'Two months free for school fleets';

/**
 * The fake AI writes each draft from what the prompt's <sender> block says (the first proof point
 * and the offer), so a fact reaches the draft only if the app told the model; the claim check finds
 * no claims.
 */
async function scriptAi(page: Page) {
  const rules = [
    { system: 'You check an email draft', reply: { claims: [] } },
    {
      system: 'You write personalised',
      fromSender: true,
      reply: {
        subject: 'Routes for your depot',
        body: '<p>Hello, we are {{sender.proofPoints.0}}.</p><p>{{sender.offer}}: shall I set it up?</p>',
      },
    },
  ];
  const res = await page.request.post(`${FAKE_AI}/__control/script`, { data: { rules } });
  expect(res.ok()).toBe(true);
}

test.afterEach(async ({ page }) => {
  await page.request.post(`${FAKE_AI}/__control/reset`);
});

for (const size of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a proof point set in Settings is written into the AI draft and named under sender facts used, at ${size.width}×${size.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInLocally(page);
    await scriptAi(page);

    // Settings: the profile card, by keyboard for the list.
    await page.goto('/settings');
    const profile = page.getByRole('region', { name: 'Sender Profile' });
    await expect(
      profile.getByText('The AI that writes your emails may state only these facts'),
    ).toBeVisible();
    await profile.getByLabel('Website').fill('acme.example');
    await expect(profile.getByText('Website must be a web address starting with https://')).toBeVisible();
    await expect(profile.getByRole('button', { name: 'Save Sender Profile' })).toBeDisabled();
    await profile.getByLabel('Website').fill('https://acme.example');
    await profile.getByLabel('Your Offer').fill('A free 30-day pilot');
    await profile.getByRole('button', { name: 'Add proof point' }).click();
    await expect(profile.getByRole('textbox', { name: 'Proof point 1' })).toBeFocused();
    await page.keyboard.type(PROOF_POINT);
    await page.keyboard.press('Enter');
    await expect(profile.getByRole('textbox', { name: 'Proof point 2' })).toBeFocused();
    await page.keyboard.type('Red Dot award 2023');
    await profile.getByRole('button', { name: 'Remove proof point 2' }).click();
    await expect(profile.getByRole('textbox', { name: 'Proof point 1' })).toBeFocused();
    await profile.getByRole('button', { name: 'Add never-claim entry' }).click();
    // The new row takes the focus once it is drawn: typing before that loses the first keys.
    await expect(profile.getByRole('textbox', { name: 'Never-claim entry 1' })).toBeFocused();
    await page.keyboard.type('We are SOC 2 certified');
    await profile.getByRole('button', { name: 'Save Sender Profile' }).click();
    await expect(toast(page, 'Sender profile saved')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.reload();
    await expect(profile.getByRole('textbox', { name: 'Proof point 1' })).toHaveValue(PROOF_POINT);
    await expect(profile.getByRole('textbox', { name: 'Proof point 2' })).toHaveCount(0);
    await expect(profile.getByRole('textbox', { name: 'Never-claim entry 1' })).toHaveValue(
      'We are SOC 2 certified',
    );
    await expectAccessible(page, 'the Sender Profile card', 'main');

    // An AI campaign, given its own offer in the editor; the rest comes from Settings.
    const template = await api(page, 'post', '/api/templates', {
      name: 'Depot intro',
      type: 'prompt',
      subjectTemplate: '',
      bodyTemplate: '',
      aiInstructions: 'Write a short intro to {{ first_name }}.',
      variables: ['email', 'first_name'],
    });
    const mapping = { email: 'email', first_name: 'first_name' };
    const { id } = await api(page, 'post', '/api/campaigns', {
      name: 'Depots',
      templateId: template.id,
      columnMapping: mapping,
    });
    await uploadCsv(page, id, mapping, 'email,first_name\nada@example.com,Ada\n');
    await page.goto('/campaigns');
    await card(page, 'Depots').getByRole('button', { name: 'Edit campaign' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Campaign' });
    const own = editor.getByRole('region', { name: 'Sender profile for this campaign' });
    const useSettings = own.getByRole('switch', { name: 'Use my settings' });
    await expect(useSettings).toBeChecked();
    await useSettings.focus();
    await page.keyboard.press('Space');
    await expect(useSettings).not.toBeChecked();
    // An empty field shows what Settings hold, which the campaign then uses.
    await expect(own.getByLabel('Your Offer')).toHaveAttribute('placeholder', 'A free 30-day pilot');
    await expect(own.getByText(`From Settings: ${PROOF_POINT}`)).toBeVisible();
    await own.getByLabel('Your Offer').fill(CAMPAIGN_OFFER);
    await expectAccessible(page, 'the campaign’s own sender profile', '[role="dialog"]');
    await editor.getByRole('button', { name: 'Update Campaign' }).click();
    await expect(toast(page, 'Campaign updated successfully')).toBeVisible();
    await expect(editor).toBeHidden();

    await card(page, 'Depots').getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(card(page, 'Depots').getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });
    await card(page, 'Depots').getByRole('button', { name: 'Review', exact: true }).click();
    const review = page.getByRole('dialog', { name: 'Review & Edit Emails' });
    const preview = review.getByRole('region', { name: 'Email preview' });
    await expect(preview).toContainText(`we are ${PROOF_POINT}.`);
    await expect(preview).toContainText(CAMPAIGN_OFFER);
    const facts = review.getByRole('region', { name: 'Sender facts used' });
    await facts.scrollIntoViewIfNeeded();
    await expect(facts.getByRole('listitem')).toHaveText([
      `Proof point: ${PROOF_POINT}`,
      `Offer: ${CAMPAIGN_OFFER}`,
    ]);
    await expectAccessible(page, 'the review with sender facts used', '[role="dialog"]');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  });
}

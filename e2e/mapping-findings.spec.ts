import { expect, test } from '@playwright/test';
import { api, card, chooseOption, toast } from './campaign-support';
import { signInLocally } from './support';

// Issue #28, item 5: a variable without a column is named at save with the column it likely
// meant, automap finds that column itself, and an edit that clears an email's findings takes the
// "Check this email" banner with them. At a laptop's and a phone's size.

const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
// Ben's Notes are empty: his email is written without them.
const CSV =
  'E-mail,First,Organisation,Notes\nava@example.com,Ava,Globex,Met at the expo\nben@example.com,Ben,Initech,\n';

test('save names unmapped variables and maps them in one click; an edit clears the banner with the findings', async ({
  page,
}) => {
  await signInLocally(page);
  await api(page, 'post', '/api/templates', {
    name: 'Notes intro',
    type: 'template',
    subjectTemplate: 'Hello {{ first_name }}',
    bodyTemplate: '<p>Hi {{ first_name }}, good to meet you. {{ info }}</p><p>Shall we talk next week?</p>',
    aiInstructions: '',
    variables: ['email', 'first_name', 'info'],
  });

  for (const size of SIZES) {
    await page.setViewportSize(size);
    const name = `Notes at ${size.width}`;
    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'New Campaign', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Create New Campaign' });
    await editor.getByLabel('Campaign Name').fill(name);
    await chooseOption(page, editor.getByLabel('Email Template'), 'Notes intro (Template)');
    await editor.locator('input[type="file"]').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    await expect(editor.getByText('Columns found: E-mail, First, Organisation, Notes')).toBeVisible();

    if (size.width === 1280) {
      // Automap's rules find the Notes column for info themselves.
      await editor.getByRole('button', { name: 'AI Automap' }).click();
      await expect(editor.getByLabel('info', { exact: true })).toHaveValue('Notes');
      await expect(editor.getByLabel('first_name', { exact: true })).toHaveValue('First');
      await editor.getByRole('button', { name: 'Create Campaign' }).click();
    } else {
      // Mapped by hand, email only: saving asks first, offering the likely columns.
      await chooseOption(page, editor.getByLabel('Email Address *', { exact: true }), 'E-mail');
      await editor.getByRole('button', { name: 'Create Campaign' }).click();
      const ask = page.getByRole('dialog', { name: 'Some variables have no column' });
      await expect(ask).toContainText('info probably means the column Notes');
      await expect(ask).toContainText('first_name probably means the column First');
      for (const button of await ask.getByRole('button').all())
        await expect(button).toBeInViewport({ ratio: 1 });
      await ask.getByRole('button', { name: 'Map to Notes' }).click();
      await expect(ask).not.toContainText('info probably means');
      await ask.getByRole('button', { name: 'Map to First' }).click();
      const done = page.getByRole('dialog', { name: 'Every variable has a column' });
      await done.getByRole('button', { name: 'Save', exact: true }).click();
    }
    await expect(toast(page, 'Campaign created successfully').first()).toBeVisible();
    await expect(editor).toBeHidden();
    const campaign = (await (await page.request.get('/api/campaigns')).json()).find(
      (c: { name: string }) => c.name === name,
    );
    expect(campaign.columnMapping).toEqual({ email: 'E-mail', first_name: 'First', info: 'Notes' });

    await card(page, name).getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(card(page, name).getByText('Ready', { exact: true })).toBeVisible({ timeout: 20_000 });
    // The checks run behind generation.
    await expect
      .poll(async () => {
        const items = (await (await page.request.get(`/api/campaigns/${campaign.id}/emails`)).json()).items;
        return items.every((e: { findings: unknown }) => e.findings !== null);
      })
      .toBe(true);

    await card(page, name).getByRole('button', { name: 'Review', exact: true }).click();
    const review = page.getByRole('dialog', { name: 'Review & Edit Emails' });
    const recipient = review.getByTestId('review-recipient');
    await expect(recipient).toHaveText(/@example\.com/);
    if ((await recipient.textContent()) !== 'ben@example.com')
      await review.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(recipient).toHaveText('ben@example.com');
    // Ben's row had no Notes: a fixed template's gap is worth a look.
    await expect(review.getByText('Check this email')).toBeVisible();
    await expect(review.getByText('No value for: info')).toBeVisible();

    await review.getByRole('button', { name: 'Edit', exact: true }).click();
    await review.getByRole('textbox', { name: 'Subject' }).fill('Hello Ben, from the expo');
    await review.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Email updated').first()).toBeVisible();
    await expect(review.getByText('Hello Ben, from the expo')).toBeVisible();
    await expect(review.getByText('Check this email')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(review).toBeHidden();
  }
});

import { expect, test } from '@playwright/test';
import { toast } from './campaign-support';
import { signInLocally } from './support';

// Issue #28: the Settings fields that fill the footer, line breaks refused, and the DNS card of a
// local user (an address with no internet domain, and no MAIL_DOMAIN in the test app).

let counter = 0;
const localAddress = () => `local-${Date.now()}-${++counter}@localhost`;

test('the footer needs no edit once every Settings field is filled, "Why Recipients Hear From You" included', async ({
  page,
}) => {
  await signInLocally(page);
  await page.goto('/settings');
  await page.getByLabel('Sender Name').fill('Maya Patel');
  await page.getByRole('button', { name: 'Save Sender Settings' }).click();
  await expect(toast(page, 'Sender settings saved')).toBeVisible();
  // The avatar's initials are the name's beside it.
  await expect(page.getByText('MP', { exact: true })).toBeVisible();

  const fields: [string, string][] = [
    ['Company Name', 'Acme Test Co'],
    ['Street Address', '1234 Elm Street'],
    ['City', 'Springfield'],
    ['State', 'IL'],
    ['ZIP Code', '62701'],
    ['Phone Number', '+1 217 555 0142'],
    ['Why Recipients Hear From You', 'you signed up for updates at acme.example'],
  ];
  for (const [label, value] of fields) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Save Account Settings' }).click();
  await expect(toast(page, 'Account settings saved')).toBeVisible();
  await page.reload();
  for (const [label, value] of fields) await expect(page.getByLabel(label)).toHaveValue(value);

  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'New Campaign' }).click();
  const editor = page.getByRole('dialog', { name: 'Create New Campaign' });
  const message = editor.getByLabel('Unsubscribe Message');
  await expect(message).toHaveValue(
    'Acme Test Co\n1234 Elm Street\nSpringfield, IL 62701\nYou received this email because you signed up for updates at acme.example. This is a commercial message.',
  );
  await expect(editor.getByRole('alert', { name: /left to replace/ })).toHaveCount(0);
});

test('a control character in a sender setting is refused under its field, and the API says which field', async ({
  page,
}) => {
  await signInLocally(page);
  await page.goto('/settings');
  // A text field drops typed line breaks itself; a tab or a Unicode line separator gets through.
  await page.getByLabel('City').fill('Spring\u2028field');
  const message = 'City must be one line: remove line breaks and other control characters';
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Account Settings' })).toBeDisabled();
  await page.getByLabel('City').fill('Springfield');
  await expect(page.getByText(message)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save Account Settings' })).toBeEnabled();

  const res = await page.request.post('/api/sender-settings', {
    data: { name: 'Alice\r\nBcc: victim@example.com' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toContain(
    'Sender Name must be one line: remove line breaks and other control characters',
  );
});

for (const size of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the DNS card greets a local user with a hint, not errors, at ${size.width}×${size.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const email = localAddress();
    await signInLocally(page, email);
    await page.goto('/settings');
    await expect(
      page.getByText(
        `Your address ${email} has no internet domain: enter the domain you send from, such as example.com, and press Refresh DNS.`,
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh DNS' })).toBeEnabled();
    await expect(page.getByText(/No domain to check|Invalid email address|Failed to check/)).toHaveCount(0);
    await expect(page.getByLabel('Domain')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('SPF: Not checked')).toBeVisible();

    // Refresh with no domain: now the user asked, so the reason is said by the field.
    await page.getByRole('button', { name: 'Refresh DNS' }).click();
    await expect(page.getByText(/^No domain to check/)).toBeVisible();

    // A successful check clears it and the hint; verdicts use the docs' words.
    await page.getByLabel('Domain').fill('example.com');
    await page.getByRole('button', { name: 'Refresh DNS' }).click();
    await expect(page.getByText(/Records for example\.com/)).toBeVisible();
    await expect(page.getByText(/No domain to check|has no internet domain|Failed to check/)).toHaveCount(0);
    for (const record of ['SPF', 'DKIM', 'DMARC'])
      await expect(page.getByLabel(new RegExp(`^${record}: (Pass|Missing|Invalid)$`))).toBeVisible();
    await expect(page.getByText('Fail', { exact: true })).toHaveCount(0);
    // Nothing of the card runs off a phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  });
}

import { expect, test } from '@playwright/test';
import { acceptTerms, denyNextOidc, nextOidcUser, uniqueEmail } from './support';

test.describe('signing in', () => {
  test('Continue locally → terms → dashboard; Accept is disabled until the box is ticked', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Personalised email campaigns');
    await page.getByRole('button', { name: 'Continue locally' }).click();

    const dialog = page.getByRole('dialog', { name: 'Terms of Service' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Please read and accept our Terms of Service to continue')).toBeVisible();
    await expect(dialog.getByText('Last updated: 11/28/2026')).toBeVisible();
    const accept = dialog.getByRole('button', { name: 'Accept & Continue' });
    await expect(accept).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await acceptTerms(page);

    await expect(page.getByText("Welcome back! Here's your email campaign overview.")).toBeVisible();
    for (const card of ['Total Campaigns', 'Emails Sent', 'Opened Rate', 'Templates']) {
      await expect(page.getByRole('main').getByText(card, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('group', { name: 'Opened Rate' }).getByText('0.0%')).toBeVisible();
    await expect(page.getByText('No campaigns yet')).toBeVisible();
  });

  test('Google sign-in through the fake provider lands on the dashboard with name and avatar fallback', async ({
    page,
  }) => {
    const email = uniqueEmail('grace');
    await nextOidcUser(page, 'google', {
      sub: `g-${email}`,
      email,
      given_name: 'Grace',
      family_name: 'Hopper',
      // Unreachable here, so the avatar falls back to the initials of the name.
      picture: 'https://avatars.invalid/grace.png',
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in with Gmail' }).click();
    await acceptTerms(page);
    await expect(page.getByText('Grace Hopper')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('GH', { exact: true })).toBeVisible();
  });

  test('Microsoft sign-in with only an email shows the email as the name and its first letter', async ({
    page,
  }) => {
    const email = uniqueEmail('ops');
    await nextOidcUser(page, 'microsoft', { sub: `m-${email}`, email });
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started with Outlook' }).click();
    await acceptTerms(page);
    await expect(page.getByText("Welcome back! Here's your email campaign overview.")).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByText('O', { exact: true })).toBeVisible();
  });

  test('denied consent returns to the landing page, signed out, with a message', async ({ page }) => {
    await denyNextOidc(page, 'google');
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in with Gmail' }).click();
    await expect(page.getByText('Sign-in was cancelled')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Continue locally' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('Decline returns to /', async ({ page }) => {
    const email = uniqueEmail('decliner');
    await nextOidcUser(page, 'google', { sub: `g-${email}`, email, given_name: 'Dee' });
    await page.goto('/settings');
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in with Gmail' }).click();
    await page.goto('/settings');
    const dialog = page.getByRole('dialog', { name: 'Terms of Service' });
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(page).toHaveURL(/\/$/);
    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me.termsAcceptedAt).toBeNull();
  });

  test('logout returns to the landing page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Continue locally' }).click();
    // The default local user may have accepted the terms in an earlier test: wait for whichever
    // comes, the terms or the dashboard, before going on (on a busy machine neither is there at once).
    const dialog = page.getByRole('dialog', { name: 'Terms of Service' });
    const dashboard = page.getByText("Welcome back! Here's your email campaign overview.");
    await expect(dialog.or(dashboard)).toBeVisible();
    if (await dialog.isVisible()) await acceptTerms(page);
    await expect(dashboard).toBeVisible();
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Continue locally' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });
});

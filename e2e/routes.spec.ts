import { expect, test } from '@playwright/test';
import { signInLocally } from './support';

test.describe('route table', () => {
  test('signed-out visits to signed-in sections show no signed-in screen', async ({ page }) => {
    for (const path of ['/settings', '/templates', '/campaigns', '/analytics']) {
      await page.goto(path);
      await expect(page.getByText('404 Page Not Found')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(page.getByText('Sender Information')).toHaveCount(0);
    }
  });

  test('unknown paths show the not-found page, signed in or not', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await signInLocally(page);
    await page.goto('/no/such/page');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  });

  test('policy pages are public', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
    await expect(page.getByText('Last updated: 11/28/2026')).toBeVisible();
  });

  test('sections show their titles and subtitles', async ({ page }) => {
    await signInLocally(page);
    const sections = [
      ['Templates', '/templates', 'Create and manage your email templates.'],
      ['Campaigns', '/campaigns', 'View and manage your email campaigns.'],
      ['Analytics', '/analytics', 'Analyze your campaign performance.'],
      ['Settings', '/settings', 'Configure your account.'],
    ];
    for (const [name, path, subtitle] of sections) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByText(subtitle!)).toBeVisible();
    }
    await page.getByRole('link', { name: 'New Campaign' }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
  });

  test('an expired session shows the Session Expired toast and ends signed out', async ({
    page,
    context,
  }) => {
    await signInLocally(page);
    await page.goto('/settings');
    await expect(page.getByText('Sender Information')).toBeVisible();
    await context.clearCookies();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue locally' })).toBeVisible({ timeout: 15_000 });
  });
});

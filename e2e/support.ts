import { expect, type Page } from '@playwright/test';
import { FAKE_OIDC } from './app-env';

let counter = 0;
/** A fresh address per call, so tests never share a user. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${++counter}@example.com`;

/** Chooses who the fake Google or Microsoft signs in next. */
export async function nextOidcUser(
  page: Page,
  provider: 'google' | 'microsoft',
  user: {
    sub: string;
    email: string;
    given_name?: string;
    family_name?: string;
    name?: string;
    picture?: string;
  },
) {
  const res = await page.request.post(`${FAKE_OIDC}/__control/next-user/${provider}`, { data: user });
  expect(res.ok()).toBe(true);
}

export async function denyNextOidc(page: Page, provider: 'google' | 'microsoft') {
  const res = await page.request.post(`${FAKE_OIDC}/__control/deny-next/${provider}`);
  expect(res.ok()).toBe(true);
}

/** Signs in through "Continue locally" as a fresh local user and accepts the terms. */
export async function signInLocally(page: Page, email = uniqueEmail('local')) {
  // The landing page's button signs in the default local user; tests need their own.
  await page.goto('/');
  const res = await page.request.post('/api/auth/local', {
    data: { email },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.ok()).toBe(true);
  await page.goto('/');
  await acceptTerms(page);
  return email;
}

export async function acceptTerms(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Terms of Service' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'I have read and agree to the Terms of Service' }).check();
  await dialog.getByRole('button', { name: 'Accept & Continue' }).click();
  await expect(dialog).toBeHidden();
}

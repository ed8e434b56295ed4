import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { appEnv, FAKE_AI_PORT, FAKE_MAIL_PORT, FAKE_OIDC_PORT } from './e2e/app-env';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  throw new Error(
    `End-to-end tests need Chromium at ${chromium}. Install it (Debian/Ubuntu: apt-get install chromium) ` +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

const APP_PORT = 5055;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const OIDC = `http://127.0.0.1:${FAKE_OIDC_PORT}`;

/**
 * The built app (`npm run build` runs first) on a fresh embedded database, signing in through a
 * real OIDC provider on 127.0.0.1 that plays Google and Microsoft, an OpenAI-compatible fake
 * AI server and fake Gmail and Graph send APIs (pacing off, so sends go out at once). Local
 * sign-in is switched on explicitly so the "Continue locally" journey is covered too.
 */
export default defineConfig({
  testDir: 'e2e',
  // The screenshots of docs/images/screens have a config of their own (playwright.screens.config.ts).
  testIgnore: ['**/e2e/screens/**'],
  outputDir: 'e2e/screenshots',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: APP_URL,
    screenshot: 'only-on-failure',
    trace: 'off',
    // No dialog transitions: on a loaded machine a click aimed at a dialog still sliding into place
    // can land on its overlay and close it. The app honours the setting (theme.ts).
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: [
    {
      command: 'npx tsx test/fakes/run-fake-oidc.ts',
      env: { FAKE_OIDC_PORT: String(FAKE_OIDC_PORT), FAKE_REDIRECT_BASE: APP_URL },
      url: `${OIDC}/google/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'npx tsx test/fakes/run-fake-ai.ts',
      env: { FAKE_AI_PORT: String(FAKE_AI_PORT) },
      url: `http://127.0.0.1:${FAKE_AI_PORT}/__control/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'npx tsx test/fakes/run-fake-mail.ts',
      env: { FAKE_MAIL_PORT: String(FAKE_MAIL_PORT) },
      url: `http://127.0.0.1:${FAKE_MAIL_PORT}/__control/sent/gmail`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'rm -rf .test-data/e2e && node dist/server/main.js all',
      env: appEnv(APP_URL, '.test-data/e2e'),
      url: `${APP_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});

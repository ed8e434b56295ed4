import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  throw new Error(
    `End-to-end tests need Chromium at ${chromium}. Install it (Debian/Ubuntu: apt-get install chromium) ` +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

const APP_PORT = 5055;
const OIDC_PORT = 4401;
const AI_PORT = 4402;
const MAIL_PORT = 4403;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const OIDC = `http://127.0.0.1:${OIDC_PORT}`;

/**
 * The built app (`npm run build` runs first) on a fresh embedded database, signing in through a
 * real OIDC provider on 127.0.0.1 that plays Google and Microsoft, an OpenAI-compatible fake
 * AI server and fake Gmail and Graph send APIs (pacing off, so sends go out at once). Local
 * sign-in is switched on explicitly so the "Continue locally" journey is covered too.
 */
export default defineConfig({
  testDir: 'e2e',
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
      env: { FAKE_OIDC_PORT: String(OIDC_PORT), FAKE_REDIRECT_BASE: APP_URL },
      url: `${OIDC}/google/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'npx tsx test/fakes/run-fake-ai.ts',
      env: { FAKE_AI_PORT: String(AI_PORT) },
      url: `http://127.0.0.1:${AI_PORT}/__control/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'npx tsx test/fakes/run-fake-mail.ts',
      env: { FAKE_MAIL_PORT: String(MAIL_PORT) },
      url: `http://127.0.0.1:${MAIL_PORT}/__control/sent/gmail`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'rm -rf .test-data/e2e && node dist/server/main.js all',
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(APP_PORT),
        PUBLIC_URL: APP_URL,
        DATA_DIR: '.test-data/e2e',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        LOCAL_SIGN_IN: 'true',
        // The bundled compose thread, as production runs it.
        COMPOSE_THREADS: '1',
        GOOGLE_CLIENT_ID: 'fake-google-client',
        GOOGLE_CLIENT_SECRET: 'fake-google-secret',
        GOOGLE_ISSUER: `${OIDC}/google`,
        MICROSOFT_CLIENT_ID: 'fake-microsoft-client',
        MICROSOFT_CLIENT_SECRET: 'fake-microsoft-secret',
        MICROSOFT_ISSUER: `${OIDC}/microsoft`,
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: `http://127.0.0.1:${AI_PORT}/v1`,
        AI_MODEL: 'fake-model',
        AI_API_KEY: 'fake-key',
        AI_IMAGE_MODEL: 'fake-image',
        AI_MAX_RETRIES: '1',
        GMAIL_API_URL: `http://127.0.0.1:${MAIL_PORT}/gmail`,
        GRAPH_API_URL: `http://127.0.0.1:${MAIL_PORT}/graph`,
        SEND_PACING: 'false',
        // Google and Microsoft sign-ins ask to read the mailbox: replies and bounces are synced.
        MAILBOX_READ_SCOPE: 'true',
      },
      url: `${APP_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});

import fs from 'node:fs';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { appEnv, STACK, type Stack, stackOf, WORKERS } from './e2e/app-env';

/**
 * Chromium's headless shell where it is installed: the same engine without the desktop browser's
 * layers, which Playwright itself uses for headless runs. The same specs took 13–25 % less CPU
 * (the whole run's) and 8–18 % less time with it than with the full browser, on one worker.
 */
const CHROMIUM_BINARIES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
const chromium = process.env.CHROMIUM_PATH ?? CHROMIUM_BINARIES.find((file) => fs.existsSync(file));
if (!chromium || !fs.existsSync(chromium)) {
  throw new Error(
    `End-to-end tests need Chromium at ${chromium ?? CHROMIUM_BINARIES.join(' or ')}. Install it ` +
      '(Debian/Ubuntu: apt-get install chromium-headless-shell, or chromium) or set CHROMIUM_PATH to a ' +
      'Chromium or Chrome binary.',
  );
}

// The screenshots of docs/images/screens have a config of their own (playwright.screens.config.ts).
const SCREENS = ['**/e2e/screens/**'];
/** Specs that measure a timing, with the machine to themselves. */
const TIMED = ['**/e2e/review-scale.spec.ts'];

/**
 * How long a fake may take to answer after its start: it answers within a second or two even on a
 * loaded machine, so this only says when to give up. It was 30 s, and one CI run gave up on a fake
 * started through npx with nothing in its output. The fakes now start on Node itself (npx added
 * 1.4 s to each start here) and print their "ready" line into the run's output.
 */
const FAKE_START_MS = 90_000;

/**
 * For each worker, the built app (`npm run build` runs first) on a fresh embedded database,
 * signing in through a real OIDC provider on 127.0.0.1 that plays Google and Microsoft, an OpenAI-compatible fake
 * AI server and fake Gmail and Graph send APIs (pacing off, so sends go out at once). Local
 * sign-in is switched on explicitly so the "Continue locally" journey is covered too.
 */
export default defineConfig({
  testDir: 'e2e',
  testIgnore: SCREENS,
  outputDir: 'e2e/screenshots',
  // Spec files are shared out among the workers; a file's tests run in order in one worker.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  // A deadline for liveness, not a timing: on a slower 2-core machine the longer journeys took
  // twice what they took before and ran out of deadlines set on a faster one (30 s, 60 s). The
  // three longest (two journeys over the private mail servers, and every key in every review
  // filter) are marked slow: three times this.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: STACK.appUrl,
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
  // `timed` measures against a goal, so npm test runs it on its own after the journeys
  // (scripts/test-all.sh): on a 2-core machine another worker's journey beside it made a press
  // take 120 ms at p95 where it takes 7 alone. Not a dependency of `journeys`: Playwright then
  // runs every dependency in each shard, and the shards of the Node-line turns fell apart.
  projects: [
    { name: 'journeys', testIgnore: [...SCREENS, ...TIMED] },
    { name: 'timed', testMatch: TIMED },
  ],
  webServer: Array.from({ length: WORKERS }, (_, slot) => servers(stackOf(slot))).flat(),
});

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

/** One worker's app and fakes (e2e/app-env.ts). */
function servers(stack: Stack): WebServer[] {
  return [
    fake(
      'run-fake-oidc.ts',
      { FAKE_OIDC_PORT: String(stack.oidcPort), FAKE_REDIRECT_BASE: stack.appUrl },
      `${stack.oidcUrl}/google/.well-known/openid-configuration`,
    ),
    fake('run-fake-ai.ts', { FAKE_AI_PORT: String(stack.aiPort) }, `${stack.aiUrl}/__control/requests`),
    fake(
      'run-fake-mail.ts',
      { FAKE_MAIL_PORT: String(stack.mailPort) },
      `${stack.mailUrl}/__control/sent/gmail`,
    ),
    {
      command: `rm -rf ${stack.dataDir} && node dist/server/main.js all`,
      env: appEnv(stack.appUrl, stack.dataDir, stack),
      url: `${stack.appUrl}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ];
}

/** A fake started on Node with tsx's loader, answering at `url` once ready. */
function fake(script: string, env: Record<string, string>, url: string): WebServer {
  return {
    command: `node --import tsx test/fakes/${script}`,
    env,
    url,
    reuseExistingServer: false,
    timeout: FAKE_START_MS,
    stdout: 'pipe',
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { type Dovecot, type DovecotUser, dovecotUnavailable, startDovecot } from '../test/peers/dovecot';
import { freeLoopbackPort } from '../test/peers/mail-daemon';
import { type PrivatePostfix, postfixUnavailable, startPrivatePostfix } from '../test/peers/private-postfix';
import { TEST_NODE_FLAGS } from '../test/support/node-flags';
import { appEnv } from './app-env';

/** "Continue locally" signs in as the app's default local user; its mail comes from this address. */
export const SENDER = 'you@localhost';
export const INBOX = { user: SENDER, password: 'e2e-inbox-password' };

const ROOT = path.resolve(import.meta.dirname, '..');

export type App = { url: string; output(): string; stop(): Promise<void> };
export type MailPeers = { postfix: PrivatePostfix; dovecot: Dovecot; app: App };

/**
 * Playwright's `test` with a private Postfix (mailboxes `mailboxes` on its own domain), a private
 * Dovecot holding the sender's inbox, and a second app of the spec's own (the one the config starts
 * has neither) sending through the one and reading the other, plus `env`. Like Chromium, the mail
 * servers are required: without them the spec fails and says what to install.
 *
 * `smtpAuth`: people with a mailbox of their own on these servers (Dovecot users, e.g.
 * `alice@peers.test`). Postfix then takes mail only after SMTP AUTH against Dovecot's users, as a
 * provider's submission server does, so one password sends and reads; the app's own relay logs in
 * as the sender's inbox.
 */
export function testWithMailPeers(opts: {
  name: string;
  mailboxes: string[];
  env?: Record<string, string>;
  smtpAuth?: DovecotUser[];
}) {
  const unavailable = postfixUnavailable() ?? dovecotUnavailable();
  const test = base.extend<object, { peers: MailPeers }>({
    peers: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; there are none.
      async ({}, use) => {
        if (unavailable)
          throw new Error(
            `This journey needs Debian's postfix and dovecot-imapd (apt-get install postfix dovecot-imapd; .ci/run installs them): ${unavailable}`,
          );
        // Dovecot first: with SMTP AUTH, Postfix asks its authentication socket.
        const dovecot = await startDovecot({ users: [INBOX, ...(opts.smtpAuth ?? [])] });
        let postfix: PrivatePostfix | undefined;
        let app: App | undefined;
        try {
          postfix = await startPrivatePostfix({
            mailboxes: opts.mailboxes,
            ...(opts.smtpAuth && { saslSocket: dovecot.authSocket }),
          });
          app = await startApp(opts.name, {
            SMTP_URL: opts.smtpAuth
              ? `smtp://${encodeURIComponent(INBOX.user)}:${INBOX.password}@127.0.0.1:${postfix.port}`
              : postfix.smtpUrl,
            // Our Message-IDs on a domain of their own, not the "localhost" an IP in PUBLIC_URL leaves.
            MAIL_DOMAIN: 'tailor.test',
            IMAP_URL: `imap://${encodeURIComponent(INBOX.user)}:${INBOX.password}@127.0.0.1:${dovecot.port}`,
            ...opts.env,
          });
          await use({ postfix, dovecot, app });
        } finally {
          await app?.stop();
          await postfix?.close();
          await dovecot.stop();
        }
      },
      // Two mail servers and the app start in a few seconds; the app's own start is bounded below.
      { scope: 'worker', timeout: 120_000 },
    ],
    baseURL: async ({ peers }, use) => use(peers.app.url),
  });
  test.afterEach(({ peers }, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    console.log(`Postfix's log:\n${peers.postfix.maillog()}`);
    console.log(`Dovecot's log:\n${peers.dovecot.log()}`);
    console.log(`The app's output:\n${peers.app.output()}`);
  });
  return test;
}

/**
 * The built app as playwright.config.ts runs it, on a free port and a fresh database of its own
 * (`.test-data/<name>`), with these settings; resolves once /readyz answers (at most a minute).
 */
async function startApp(name: string, env: Record<string, string>): Promise<App> {
  const url = `http://127.0.0.1:${await freeLoopbackPort()}`;
  const dataDir = path.join(ROOT, '.test-data', name);
  fs.rmSync(dataDir, { recursive: true, force: true });
  // With the tests' Node flags: this app lives for one spec file, not the whole suite.
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, 'dist/server/main.js', 'all'], {
    cwd: ROOT,
    env: { ...process.env, ...appEnv(url, dataDir), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const app = { url, output: () => out, stop: () => stopChild(child, exited) };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the app exited before it was ready:\n${out}`);
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return app;
    if (Date.now() > deadline) {
      await app.stop();
      throw new Error(`the app was not ready within a minute:\n${out}`);
    }
    // The next look after a moment; the database and the job queue take a few seconds to start.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** SIGTERM (the app shuts down cleanly), SIGKILL should it still be there after 15 s. */
async function stopChild(child: ChildProcess, exited: Promise<void>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { rawHeader } from '../test/fakes/smtp-sink';
import { type Dovecot, dovecotUnavailable, startDovecot } from '../test/peers/dovecot';
import { freeLoopbackPort } from '../test/peers/mail-daemon';
import { type PrivatePostfix, postfixUnavailable, startPrivatePostfix } from '../test/peers/private-postfix';
import { appEnv } from './app-env';
import { type JourneyMailbox, replyAndBounceJourney } from './conversation-support';
import { acceptTerms } from './support';

/**
 * The conversations journey of conversations.spec.ts over real mail servers (issue #16): a local
 * user's campaign goes out through SMTP_URL to a private Postfix, which delivers it into Maildirs;
 * the answers are put into a private Dovecot, which the app reads through IMAP_URL. The app the
 * config starts has neither, so this spec starts a second one of its own.
 */
/** Like Chromium, the mail servers are required: without them this spec fails and says why. */
const unavailable = postfixUnavailable() ?? dovecotUnavailable();

const ROOT = path.resolve(import.meta.dirname, '..');
/** "Continue locally" signs in as the app's default local user; its mail comes from this address. */
const SENDER = 'you@localhost';
const INBOX = { user: SENDER, password: 'e2e-inbox-password' };

type MailPeers = { postfix: PrivatePostfix; dovecot: Dovecot; app: { url: string; output(): string } };

const test = base.extend<object, { peers: MailPeers }>({
  peers: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; there are none.
    async ({}, use) => {
      if (unavailable)
        throw new Error(
          `This journey needs Debian's postfix and dovecot-imapd (apt-get install postfix dovecot-imapd; .ci/run installs them): ${unavailable}`,
        );
      const postfix = await startPrivatePostfix({ mailboxes: ['ava', 'ben'] });
      let dovecot: Dovecot | undefined;
      let app: App | undefined;
      try {
        dovecot = await startDovecot({ users: [INBOX] });
        app = await startApp({
          SMTP_URL: postfix.smtpUrl,
          // Our Message-IDs on a domain of their own, not the "localhost" an IP in PUBLIC_URL leaves.
          MAIL_DOMAIN: 'tailor.test',
          IMAP_URL: `imap://${encodeURIComponent(INBOX.user)}:${INBOX.password}@127.0.0.1:${dovecot.port}`,
        });
        await use({ postfix, dovecot, app });
      } finally {
        await app?.stop();
        await dovecot?.stop();
        await postfix.close();
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

test('a campaign sent through Postfix, a reply and a bounce read from Dovecot on Check now: Replied and Bounced in review, the reply rate, and the bounced address skipped', async ({
  page,
  peers,
}) => {
  test.setTimeout(120_000);
  const { postfix, dovecot } = peers;
  const mailbox: JourneyMailbox = {
    shownAs: `${INBOX.user} on 127.0.0.1`,
    async deliveredTo(address) {
      const [local] = address.split('@');
      return (await postfix.messages())
        .filter((m) => m.mailbox === local)
        .map((m) => rawHeader(m.raw, 'Message-ID') ?? '(no Message-ID)');
    },
    async deliver(raw) {
      await dovecot.append(INBOX.user, raw);
    },
  };

  await page.goto('/');
  await page.getByRole('button', { name: 'Continue locally' }).click();
  await acceptTerms(page);

  await replyAndBounceJourney(page, mailbox, {
    sender: SENDER,
    ava: `ava@${postfix.domain}`,
    ben: `ben@${postfix.domain}`,
  });
});

type App = { url: string; output(): string; stop(): Promise<void> };

/**
 * The built app as playwright.config.ts runs it, on a free port and a fresh database of its own,
 * with these mail settings; resolves once /readyz answers (at most a minute).
 */
async function startApp(mail: Record<string, string>): Promise<App> {
  const url = `http://127.0.0.1:${await freeLoopbackPort()}`;
  const dataDir = path.join(ROOT, '.test-data', 'e2e-imap');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['dist/server/main.js', 'all'], {
    cwd: ROOT,
    env: { ...process.env, ...appEnv(url, dataDir), ...mail },
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

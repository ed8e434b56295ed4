import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthAccounts } from '../../src/server/db/schema';
import type { MailProvider } from '../fakes/mail-providers';
import { startProviderApp } from '../support/provider-app';
import { signInWithProvider } from '../support/provider-sign-in';
import { sendOneEmail } from '../support/send-one';

/**
 * Exactly once when Gmail or Graph accepted the message and the answer never came (the client's
 * timeout fired, or the connection was reset): never sent again blindly. With a read scope the
 * Sent folder is asked once the lease ends; without one the user decides. Copies are counted in
 * the provider's sent folder.
 */
describe('Gmail and Graph: accepted, then no answer', () => {
  let app: Awaited<ReturnType<typeof startProviderApp>>;
  beforeAll(async () => {
    app = await startProviderApp({ SEND_TIMEOUT_MS: '2500', SENDING_LEASE_SECONDS: '1' });
  });
  afterAll(() => app.close());

  /** Signs a new user in, optionally rewrites the scopes the app believes it holds, and sends one email. */
  async function sendOne(
    provider: 'google' | 'microsoft',
    email: string,
    scopes?: (granted: string) => string,
  ) {
    const { t, oidc } = app;
    const { cookie, userId } = await signInWithProvider(t, oidc, provider, email);
    if (scopes) {
      const [account] = await t.ctx.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId));
      await t.ctx.db
        .update(oauthAccounts)
        .set({ scopes: scopes(account!.scopes ?? '') })
        .where(eq(oauthAccounts.id, account!.id));
    }
    return sendOneEmail(t, cookie, userId);
  }
  const copies = (provider: MailProvider, messageId: string | null) =>
    app.mail.sent(provider).filter((m) => m.messageId === messageId).length;

  it('Gmail, reset after accepting: found in the Sent folder, sent once', async () => {
    app.mail.reset();
    app.mail.breakAfterAccept('gmail', 'reset');
    const row = await sendOne('google', 'reset@gmail.test');
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
    expect(copies('gmail', row.messageId)).toBe(1);
  });

  it('Gmail, silent past the client timeout after accepting: found in the Sent folder, sent once', async () => {
    app.mail.reset();
    app.mail.breakAfterAccept('gmail', 'stall');
    const row = await sendOne('google', 'stall@gmail.test');
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
    expect(copies('gmail', row.messageId)).toBe(1);
  });

  it('Graph, reset after accepting: found in Sent Items with Mail.ReadBasic, sent once', async () => {
    app.mail.reset();
    app.mail.breakAfterAccept('graph', 'reset');
    // The app asks for Mail.Read; the lookup needs no more than Mail.ReadBasic.
    const row = await sendOne('microsoft', 'reset@outlook.test', (s) =>
      s.replace('Mail.Read', 'Mail.ReadBasic'),
    );
    expect(row.status).toBe('sent');
    expect(copies('graph', row.messageId)).toBe(1);
  });

  it('Graph without a read scope, silent after accepting: delivery unknown, one copy', async () => {
    app.mail.reset();
    app.mail.breakAfterAccept('graph', 'stall');
    const row = await sendOne('microsoft', 'noread@outlook.test', (s) => s.replace('Mail.Read', ''));
    expect(row.status).toBe('unknown');
    expect(row.errorMessage).toMatch(/^Delivery unknown: .*Microsoft Graph/);
    expect(copies('graph', row.messageId)).toBe(1);
  });

  it('Gmail with gmail.metadata beside gmail.readonly cannot search (Google refuses q): delivery unknown, one copy', async () => {
    app.mail.reset();
    app.mail.breakAfterAccept('gmail', 'reset');
    const row = await sendOne(
      'google',
      'metadata@gmail.test',
      (s) => `${s} https://www.googleapis.com/auth/gmail.metadata`,
    );
    expect(row.status).toBe('unknown');
    expect(copies('gmail', row.messageId)).toBe(1);
  });

  it('a send that got a 503 before anything was accepted is retried: sent once', async () => {
    app.mail.reset();
    app.mail.failNext('gmail', 1, { status: 503 });
    const row = await sendOne('google', 'busy@gmail.test');
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(2);
    expect(copies('gmail', row.messageId)).toBe(1);
  });
});

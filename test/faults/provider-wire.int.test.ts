import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, oauthAccounts } from '../../src/server/db/schema';
import { type FakeMailProviders, type MailProvider, startFakeMailProviders } from '../fakes/mail-providers';
import { type FakeOidc, startFakeOidc } from '../fakes/oidc-provider';
import { createReadyCampaign } from '../support/factories';
import { waitUntil } from '../support/http-client';
import { signInWithProvider } from '../support/provider-sign-in';
import { startTestApp, type TestApp } from '../support/test-app';

const APP = 'http://127.0.0.1:5999';

/**
 * Exactly once when Gmail or Graph accepted the message and the answer never came (the client's
 * timeout fired, or the connection was reset): never sent again blindly. With a read scope the
 * Sent folder is asked once the lease ends; without one the user decides. Copies are counted in
 * the provider's sent folder.
 */
describe('Gmail and Graph: accepted, then no answer', () => {
  let oidc: FakeOidc;
  let mail: FakeMailProviders;
  let t: TestApp;
  beforeAll(async () => {
    oidc = await startFakeOidc({
      google: { clientId: 'g', clientSecret: 'gs', redirectUris: [`${APP}/api/auth/google/callback`] },
      microsoft: { clientId: 'm', clientSecret: 'ms', redirectUris: [`${APP}/api/auth/outlook/callback`] },
    });
    mail = await startFakeMailProviders({ scopesOf: oidc.scopesOf });
    t = await startTestApp('pglite', {
      PUBLIC_URL: APP,
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      GOOGLE_ISSUER: oidc.googleIssuer,
      MICROSOFT_CLIENT_ID: 'm',
      MICROSOFT_CLIENT_SECRET: 'ms',
      MICROSOFT_ISSUER: oidc.microsoftIssuer,
      MAILBOX_READ_SCOPE: 'true',
      GMAIL_API_URL: mail.gmailUrl,
      GRAPH_API_URL: mail.graphUrl,
      SEND_PACING: 'false',
      SEND_TIMEOUT_MS: '1000',
      SENDING_LEASE_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
    await oidc.close();
  });

  async function sendOne(
    provider: 'google' | 'microsoft',
    email: string,
    scopes?: (granted: string) => string,
  ) {
    const { cookie, userId } = await signInWithProvider(t, oidc, provider, email);
    if (scopes) {
      const [account] = await t.ctx.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId));
      await t.ctx.db
        .update(oauthAccounts)
        .set({ scopes: scopes(account!.scopes ?? '') })
        .where(eq(oauthAccounts.id, account!.id));
    }
    const campaign = await createReadyCampaign(t.ctx.db, userId, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/send-approved`,
      headers: { cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    return waitUntil(
      async () => {
        const [row] = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
        return row && ['sent', 'failed', 'unknown'].includes(row.status) ? row : false;
      },
      30_000,
      'the email settled',
    );
  }
  const copies = (provider: MailProvider, messageId: string | null) =>
    mail.sent(provider).filter((m) => m.messageId === messageId).length;

  it('Gmail, reset after accepting: found in the Sent folder, sent once', async () => {
    mail.reset();
    mail.breakAfterAccept('gmail', 'reset');
    const row = await sendOne('google', 'reset@gmail.test');
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
    expect(copies('gmail', row.messageId)).toBe(1);
  });

  it('Gmail, silent past the client timeout after accepting: found in the Sent folder, sent once', async () => {
    mail.reset();
    mail.breakAfterAccept('gmail', 'stall');
    const row = await sendOne('google', 'stall@gmail.test');
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
    expect(copies('gmail', row.messageId)).toBe(1);
  });

  it('Graph, reset after accepting: found in Sent Items with Mail.ReadBasic, sent once', async () => {
    mail.reset();
    mail.breakAfterAccept('graph', 'reset');
    const row = await sendOne('microsoft', 'reset@outlook.test');
    expect(row.status).toBe('sent');
    expect(copies('graph', row.messageId)).toBe(1);
  });

  it('Graph without a read scope, silent after accepting: delivery unknown, one copy', async () => {
    mail.reset();
    mail.breakAfterAccept('graph', 'stall');
    const row = await sendOne('microsoft', 'noread@outlook.test', (s) => s.replace('Mail.ReadBasic', ''));
    expect(row.status).toBe('unknown');
    expect(row.errorMessage).toMatch(/^Delivery unknown: .*Microsoft Graph/);
    expect(copies('graph', row.messageId)).toBe(1);
  });

  it('Gmail with gmail.metadata beside gmail.readonly cannot search (Google refuses q): delivery unknown, one copy', async () => {
    mail.reset();
    mail.breakAfterAccept('gmail', 'reset');
    const row = await sendOne(
      'google',
      'metadata@gmail.test',
      (s) => `${s} https://www.googleapis.com/auth/gmail.metadata`,
    );
    expect(row.status).toBe('unknown');
    expect(copies('gmail', row.messageId)).toBe(1);
  });

  it('a send that got a 503 before anything was accepted is retried: sent once', async () => {
    mail.reset();
    mail.failNext('gmail', 1, { status: 503 });
    const row = await sendOne('google', 'busy@gmail.test');
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(2);
    expect(copies('gmail', row.messageId)).toBe(1);
  });
});

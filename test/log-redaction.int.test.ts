import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../src/server/db/schema';
import { emails, oauthAccounts } from '../src/server/db/schema';
import { loggerOptions } from '../src/server/lib/log-safety';
import { type FakeMailProviders, startFakeMailProviders } from './fakes/mail-providers';
import { completeAuthorization, type FakeOidc, startFakeOidc } from './fakes/oidc-provider';
import { createReadyCampaign } from './support/factories';
import { waitUntil } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

const APP = 'http://127.0.0.1:5999';
const BODY_MARKER = 'body-marker-7f3a9c-never-in-logs';

/**
 * The production logger (same options as main.ts) writing into memory, across a real OIDC
 * sign-in and a Gmail send. Logging does not depend on the database, so PGlite only.
 */
describe('logs carry no secrets, tokens or email bodies', () => {
  let oidc: FakeOidc;
  let mail: FakeMailProviders;
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    oidc = await startFakeOidc({
      google: { clientId: 'g', clientSecret: 'gs', redirectUris: [`${APP}/api/auth/google/callback`] },
      microsoft: { clientId: 'm', clientSecret: 'ms', redirectUris: [`${APP}/api/auth/outlook/callback`] },
    });
    mail = await startFakeMailProviders();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    t = await startTestApp(
      'pglite',
      {
        PUBLIC_URL: APP,
        GOOGLE_CLIENT_ID: 'g',
        GOOGLE_CLIENT_SECRET: 'gs',
        GOOGLE_ISSUER: oidc.googleIssuer,
        GMAIL_API_URL: mail.gmailUrl,
        SEND_PACING: 'false',
      },
      { log: pino(loggerOptions('info'), sink) },
    );
  });
  afterAll(async () => {
    await t?.close();
    await mail?.close();
    await oidc?.close();
  });

  it('across a sign-in and a send', async () => {
    oidc.setNextUser('google', { sub: 'g-logs', email: 'logs@example.com', given_name: 'Lo' });
    const start = await t.app.inject({ url: '/api/auth/google' });
    const flow = start.cookies.find((c) => c.name === 'tailor_oidc')!;
    const callback = await completeAuthorization(start.headers.location as string);
    const code = callback.searchParams.get('code')!;
    const state = callback.searchParams.get('state')!;
    expect(code.length).toBeGreaterThan(10);
    const done = await t.app.inject({
      url: callback.pathname + callback.search,
      headers: { cookie: `tailor_oidc=${flow.value}` },
    });
    expect(done.headers.location).toBe('/');
    const session = done.cookies.find((c) => c.name === 'tailor_session')!.value;
    const cookie = `tailor_session=${session}`;
    const me = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json();

    const campaign = await createReadyCampaign(t.ctx.db, me.id, 2);
    await t.ctx.db
      .update(emails)
      .set({ body: `<p>${BODY_MARKER}</p>` })
      .where(eq(emails.campaignId, campaign.id));
    mail.failNext('gmail', 1, { status: 400, message: 'Invalid To header' });
    await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/send-approved`,
      headers: { cookie },
      payload: {},
    });
    // A caller's bearer token (here one Tailor does not know, refused) is not logged either.
    const withToken = await t.app.inject({
      url: '/api/campaigns',
      headers: { authorization: 'Bearer tlr_some-api-caller-token' },
    });
    expect(withToken.statusCode).toBe(401);
    await waitUntil(
      async () => {
        const rows = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
        return rows.every((r) => r.status === 'sent' || r.status === 'failed');
      },
      20_000,
      'both emails settled',
    );
    expect(mail.sent('gmail')[0]!.raw).toContain(BODY_MARKER);

    // What a careless log call would carry, through the app's own logger.
    const [account] = await t.ctx.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, me.id));
    const accessToken = t.ctx.tokens.decrypt(account!.accessTokenEnc!);
    const refreshToken = t.ctx.tokens.decrypt(account!.refreshTokenEnc!);
    t.ctx.log.info(
      {
        tokens: { accessToken, refreshToken },
        email: { subject: 'Hi', body: BODY_MARKER },
        html: BODY_MARKER,
      },
      'probe: careless fields',
    );
    // Drizzle puts a failed statement's parameters in its error message.
    const failure = await t.ctx.db
      .insert(emails)
      .values({
        userId: me.id,
        workspaceId: 2_000_000 as WorkspaceId,
        campaignId: 2_000_000,
        recipientId: 2_000_000,
        subject: 'x',
        body: BODY_MARKER,
        trackingToken: 'probe',
      })
      .catch((err: unknown) => err);
    expect(String(failure)).toContain(BODY_MARKER);
    t.ctx.log.error({ err: failure }, 'probe: failed query');

    const entries = lines.map((line) => JSON.parse(line));
    const callbackLine = entries.find(
      (e) => e.msg === 'incoming request' && e.req?.url?.startsWith('/api/auth/google/callback'),
    );
    expect(callbackLine.req.url).toMatch(/[?&]code=\[Redacted\]/);
    expect(callbackLine.req.url).toMatch(/[?&]state=\[Redacted\]/);
    expect(entries.find((e) => e.msg === 'email failed')).toBeDefined();
    const careless = entries.find((e) => e.msg === 'probe: careless fields');
    expect(careless).toMatchObject({
      tokens: { accessToken: '[Redacted]', refreshToken: '[Redacted]' },
      email: { subject: 'Hi', body: '[Redacted]' },
      html: '[Redacted]',
    });
    const failed = entries.find((e) => e.msg === 'probe: failed query');
    expect(failed.err.params).toBe('[Redacted]');
    expect(failed.err.message).toContain('insert into "emails"');

    const all = lines.join('\n');
    for (const secret of [code, state, session, flow.value, accessToken, refreshToken, BODY_MARKER]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toContain('some-api-caller-token');
    expect(all).toContain('"statusCode":401');
  });
});

import fs from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealTokens } from '../src/server/auth/provider-tokens';
import { deriveKey } from '../src/server/auth/secret-key';
import { createTokenCipher } from '../src/server/auth/token-cipher';
import { closeContext, createContext } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import type { AppContext } from '../src/server/context';
import { idempotencyKeys, oauthAccounts, webhookEndpoints } from '../src/server/db/schema';
import { mailboxesOfUser } from '../src/server/queries/mailboxes';
import { upsertUserFromIdentity } from '../src/server/queries/users';
import { rotateSecretKey, SecretRotationError } from '../src/server/services/rotate-secret-key';
import { mailboxFor } from '../src/server/services/sending/mailbox';
import { createWebhookEndpoint } from '../src/server/services/webhooks/endpoints';
import { personalWorkspaceOf } from './support/factories';
import { spawnServer } from './support/spawn-server';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const KEY_A = 'rotation-key-a-long-enough-for-tailor-0001';
const KEY_B = 'rotation-key-b-long-enough-for-tailor-0002';
const KEY_C = 'rotation-key-c-long-enough-for-tailor-0003';
const KEY_D = 'rotation-key-d-long-enough-for-tailor-0004';
const secret = (key: string) => Buffer.from(key, 'utf8');
const cipherFor = (key: string) => createTokenCipher(deriveKey(secret(key), 'tokens'));

describe.each(testDatabases())('rotating SECRET_KEY (%s)', (kind) => {
  let t: TestApp;
  let appOpen = true;
  let googleUserId: number;
  let endpointSecret: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { SECRET_KEY: KEY_A });
    const expiresAt = new Date(Date.now() + 3600_000);
    const google = await upsertUserFromIdentity(
      t.ctx.db,
      identity('google', 'g-rotate'),
      sealTokens(t.ctx, { accessToken: 'access-g', refreshToken: 'refresh-g', expiresAt, scopes: null }),
    );
    googleUserId = google.id;
    await upsertUserFromIdentity(
      t.ctx.db,
      identity('microsoft', 'm-rotate'),
      sealTokens(t.ctx, { accessToken: 'access-m', refreshToken: null, expiresAt, scopes: null }),
    );
    // A webhook endpoint's signing secret is sealed with the same key.
    const workspaceId = await personalWorkspaceOf(t.ctx.db, googleUserId);
    endpointSecret = (
      await createWebhookEndpoint(
        t.ctx.db,
        t.ctx.tokens,
        { workspaceId, userId: googleUserId },
        { url: 'https://hooks.example.com/rotate', description: '', eventTypes: [] },
        new Date(),
      )
    ).secret;
    // So is the answer kept for an Idempotency-Key.
    await t.ctx.db.insert(idempotencyKeys).values({
      scope: 'rotate-scope',
      workspaceId,
      userId: googleUserId,
      fingerprint: 'f',
      claimToken: 'c',
      createdAt: new Date(),
      leaseExpiresAt: new Date(),
      status: 200,
      headers: {},
      body: t.ctx.tokens.encrypt('{"secret":"kept"}'),
    });
  });
  afterAll(async () => {
    if (appOpen) await t.close();
    else fs.rmSync(t.dataDir, { recursive: true, force: true });
  });

  const sealedRows = () =>
    t.ctx.db
      .select({ access: oauthAccounts.accessTokenEnc, refresh: oauthAccounts.refreshTokenEnc })
      .from(oauthAccounts)
      .orderBy(asc(oauthAccounts.id));

  it('refuses, changing nothing, when a value opens under neither key', async () => {
    const stranger = await upsertUserFromIdentity(t.ctx.db, identity('google', 'g-stranger'), {
      accessTokenEnc: cipherFor(KEY_C).encrypt('access-c'),
      refreshTokenEnc: null,
      accessTokenExpiresAt: null,
      scopes: null,
    });
    const before = await sealedRows();
    const rotation = rotateSecretKey(t.ctx.db, { oldSecret: secret(KEY_A), newSecret: secret(KEY_B) });
    await expect(rotation).rejects.toThrow(SecretRotationError);
    await expect(rotation).rejects.toThrow(
      /^1 stored value\(s\) decrypt under neither OLD_SECRET_KEY nor SECRET_KEY \(access token of account \d+\)\. Check OLD_SECRET_KEY; nothing was changed\.$/,
    );
    // The readable values were not re-encrypted either: all or nothing.
    expect(await sealedRows()).toEqual(before);
    await t.ctx.db.delete(oauthAccounts).where(eq(oauthAccounts.userId, stranger.id));
  });

  it('re-encrypts every token from the old key to the new, and a second run changes nothing', async () => {
    const first = await rotateSecretKey(t.ctx.db, { oldSecret: secret(KEY_A), newSecret: secret(KEY_B) });
    expect(first).toEqual({ reencrypted: 5, alreadyCurrent: 0 });
    const rows = await sealedRows();
    const b = cipherFor(KEY_B);
    expect(rows.map((r) => [b.decrypt(r.access!), r.refresh && b.decrypt(r.refresh)])).toEqual([
      ['access-g', 'refresh-g'],
      ['access-m', null],
    ]);
    expect(() => cipherFor(KEY_A).decrypt(rows[0]!.access!)).toThrow();
    const [endpoint] = await t.ctx.db.select().from(webhookEndpoints);
    expect(b.decrypt(endpoint!.secretEnc)).toBe(endpointSecret);
    const [kept] = await t.ctx.db.select().from(idempotencyKeys);
    expect(b.decrypt(kept!.body!)).toBe('{"secret":"kept"}');
    // A process still on the old key asks for that mailbox to be connected again instead of
    // failing every send.
    await expect(
      mailboxFor({ ...t.ctx, tokens: cipherFor(KEY_A) }, (await mailboxesOfUser(t.ctx.db, googleUserId))[0]!),
    ).rejects.toThrow(
      /^The Gmail mailbox g-rotate@example\.com's stored connection cannot be read \(SECRET_KEY changed\?\): connect it again\.$/,
    );

    const second = await rotateSecretKey(t.ctx.db, { oldSecret: secret(KEY_A), newSecret: secret(KEY_B) });
    expect(second).toEqual({ reencrypted: 0, alreadyCurrent: 5 });
    expect(await sealedRows()).toEqual(rows);
  });

  it('the rotate-secret command rotates B → D, and an app started with D reads the tokens', async () => {
    const config = t.ctx.config;
    const dbEnv = { DATA_DIR: t.dataDir, DATABASE_URL: config.databaseUrl ?? '' };
    if (kind === 'pglite') {
      // The embedded database admits one process: stop the app, as the runbook says.
      await t.app.close();
      await closeContext(t.ctx);
      appOpen = false;
    }
    // Side by side (the second stops before opening the database) to keep the suite short.
    const wrong = spawnServer('rotate-secret', { ...dbEnv, OLD_SECRET_KEY: KEY_C, SECRET_KEY: KEY_D });
    const missing = spawnServer('rotate-secret', { ...dbEnv, OLD_SECRET_KEY: '', SECRET_KEY: KEY_D });
    expect((await wrong.exited).code).toBe(1);
    expect(wrong.output()).toContain(
      'rotate-secret failed: 5 stored value(s) decrypt under neither OLD_SECRET_KEY nor SECRET_KEY',
    );
    expect((await missing.exited).code).toBe(2);
    expect(missing.output()).toContain('rotate-secret needs OLD_SECRET_KEY');

    const right = spawnServer('rotate-secret', { ...dbEnv, OLD_SECRET_KEY: KEY_B, SECRET_KEY: KEY_D });
    expect((await right.exited).code).toBe(0);
    expect(right.output()).toContain('Re-encrypted 5 value(s) with the new SECRET_KEY (0 already used it).');

    const restarted = await createContext(
      loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'silent', COMPOSE_THREADS: '0', SECRET_KEY: KEY_D, ...dbEnv },
        false,
      ),
      'web',
      pino({ level: 'silent' }),
    );
    try {
      await expectTokensReadable(restarted, googleUserId);
    } finally {
      await closeContext(restarted);
    }
  });
});

/** What the send path does first: load the mailbox, which decrypts the stored access token. */
async function expectTokensReadable(ctx: AppContext, userId: number) {
  const mailbox = await mailboxFor(ctx, (await mailboxesOfUser(ctx.db, userId))[0]!);
  expect(mailbox.transport.kind).toBe('gmail');
  const [account] = await ctx.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId));
  expect(ctx.tokens.decrypt(account!.refreshTokenEnc!)).toBe('refresh-g');
}

function identity(provider: 'google' | 'microsoft', subject: string) {
  return {
    provider,
    subject,
    email: `${subject}@example.com`,
    firstName: null,
    lastName: null,
    profileImageUrl: null,
  };
}

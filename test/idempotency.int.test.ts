import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '../src/contract/workspaces';
import { deriveKey } from '../src/server/auth/secret-key';
import { createTokenCipher } from '../src/server/auth/token-cipher';
import { generatedImages, idempotencyKeys, templates, type WorkspaceId } from '../src/server/db/schema';
import { keyScope, requestFingerprint } from '../src/server/idempotency/fingerprint';
import { cleanUpSessionsJob } from '../src/server/jobs/clean-up-sessions';
import { claimIdempotencyKey, saveIdempotentAnswer } from '../src/server/queries/idempotency-keys';
import { type FakeAi, startFakeAi } from './fakes/ai-server';
import { bearer, makeApiToken } from './support/api-tokens';
import { personalWorkspaceOf } from './support/factories';
import { waitUntil } from './support/http-client';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const HOUR = 3600_000;
const newKey = () => crypto.randomUUID();
const template = (name: string) => ({
  name,
  type: 'template',
  subjectTemplate: 'Hi {{ first_name }}',
  bodyTemplate: '<p>Hello {{ first_name }}</p>',
  variables: ['email', 'first_name'],
});

/**
 * `Idempotency-Key` on the POSTs that create or send (docs/decisions/0017): a key's first request
 * acts and its answer is kept; the same request again within 24 h of the app's clock gets that
 * answer back (`Idempotent-Replayed: true`) without acting, another request with the key 422, a
 * malformed key 400. A 5xx, or a run that died, leaves the key free again. Keys are per caller,
 * workspace and route. Two processes: test/idempotency-processes.int.test.ts.
 */
describe.each(testDatabases())('Idempotency-Key (%s)', (kind) => {
  let t: TestApp;
  let ai: FakeAi;
  let clockFile: string;
  let owner: { cookie: string; id: number };
  let workspace: WorkspaceId;
  const moveClock = (ms: number) => fs.writeFileSync(clockFile, String(ms));

  beforeAll(async () => {
    ai = await startFakeAi();
    clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-clock-')), 'offset');
    moveClock(0);
    t = await startTestApp(kind, { CLOCK_OFFSET_FILE: clockFile, ...ai.env, AI_MAX_RETRIES: '0' });
    owner = await userOf(await t.signIn(`owner-${kind}@example.com`));
    workspace = await personalWorkspaceOf(t.ctx.db, owner.id);
  });
  afterAll(async () => {
    await t.close();
    await ai.close();
    fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
  });

  const userOf = async (cookie: string) => ({
    cookie,
    id: (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id as number,
  });
  const post = (url: string, key: string | null, payload: unknown, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, ...(key !== null && { 'idempotency-key': key }) },
      payload: payload as object,
    });
  const asOwner = () => ({ cookie: owner.cookie, [WORKSPACE_HEADER]: String(workspace) });
  const templatesNamed = async (name: string) =>
    (await t.ctx.db.select({ n: count() }).from(templates).where(eq(templates.name, name)))[0]!.n;

  it('acts once for the same key twice, and answers the second time with the first answer', async () => {
    const key = newKey();
    const first = await post('/api/templates', key, template('Once'), asOwner());
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same body with its keys in another order is the same request.
    const { variables, ...rest } = template('Once');
    const again = await post('/api/templates', key, { variables, ...rest }, asOwner());
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await templatesNamed('Once')).toBe(1);
    // The draft's quoted form names the same key.
    const quoted = await post('/api/templates', `"${key}"`, template('Once'), asOwner());
    expect(quoted.headers['idempotent-replayed']).toBe('true');
    // Without a key every call acts, as before.
    await post('/api/templates', null, template('Once'), asOwner());
    expect(await templatesNamed('Once')).toBe(2);
  });

  it('refuses the key with a different request (422), and a malformed key (400), acting on neither', async () => {
    const key = newKey();
    expect((await post('/api/templates', key, template('First'), asOwner())).statusCode).toBe(200);
    const other = await post('/api/templates', key, template('Second'), asOwner());
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      error: 'unprocessable',
      message: expect.stringContaining('This Idempotency-Key was used with a different request'),
    });
    for (const bad of ['', 'x'.repeat(256), 'clé']) {
      const res = await post('/api/templates', bad, template('Bad key'), asOwner());
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toContain('Idempotency-Key header must be 1 to 255 printable ASCII');
    }
    expect(await templatesNamed('Second')).toBe(0);
    expect(await templatesNamed('Bad key')).toBe(0);
  });

  it('works for API tokens too, replaying a 4xx answer as the problem details it was', async () => {
    const token = await makeApiToken(t, owner.cookie, ['write'], { workspace });
    const key = newKey();
    const first = await post('/api/templates', key, template('By token'), bearer(token.secret));
    const again = await post('/api/templates', key, template('By token'), bearer(token.secret));
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.body).toBe(first.body);
    expect(await templatesNamed('By token')).toBe(1);

    // A 4xx is an answer too: kept and replayed, byte for byte.
    const missing = '/api/campaigns/2147483000/archive';
    const notFound = await post(missing, key, undefined, bearer(token.secret));
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-type']).toMatch(/^application\/problem\+json/);
    const replayed = await post(missing, key, undefined, bearer(token.secret));
    expect(replayed.statusCode).toBe(404);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.headers['content-type']).toBe(notFound.headers['content-type']);
    expect(replayed.body).toBe(notFound.body);
    // Another request with the key is refused as a problem.
    const other = await post('/api/templates', key, template('Other'), bearer(token.secret));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ status: 422, error: 'unprocessable' });
  });

  it('answers a retried token or webhook creation with the same secret, kept encrypted, never making two', async () => {
    const key = newKey();
    const made = await post('/api/workspace/api-tokens', key, { name: 'CRM', scopes: ['read'] }, asOwner());
    const again = await post('/api/workspace/api-tokens', key, { name: 'CRM', scopes: ['read'] }, asOwner());
    expect([made.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().secret).toBe(made.json().secret);
    const tokens = await t.app.inject({ url: '/api/workspace/api-tokens', headers: asOwner() });
    expect(tokens.json().filter((token: { name: string }) => token.name === 'CRM')).toHaveLength(1);

    const hookKey = newKey();
    const hook = { url: 'https://hooks.example.com/crm', eventTypes: [] };
    const endpoint = await post('/api/webhooks', hookKey, hook, asOwner());
    const endpointAgain = await post('/api/webhooks', hookKey, hook, asOwner());
    expect(endpointAgain.json().secret).toBe(endpoint.json().secret);
    const endpoints = await t.app.inject({ url: '/api/webhooks', headers: asOwner() });
    expect(endpoints.json().filter((e: { url: string }) => e.url === hook.url)).toHaveLength(1);

    // At rest the kept answers are sealed: neither secret can be read from the table.
    const kept = await t.ctx.db.select({ body: idempotencyKeys.body }).from(idempotencyKeys);
    const stored = kept.map((row) => row.body).join('\n');
    expect(stored).not.toContain(made.json().secret);
    expect(stored).not.toContain(endpoint.json().secret);

    // Sealed under another SECRET_KEY (changed without rotate-secret): refused, not replayed as noise.
    const other = createTokenCipher(
      deriveKey(Buffer.from('another-secret-key-long-enough-0000000'), 'tokens'),
    );
    await t.ctx.db.update(idempotencyKeys).set({ body: other.encrypt(made.body) });
    const unreadable = await post(
      '/api/workspace/api-tokens',
      key,
      { name: 'CRM', scopes: ['read'] },
      asOwner(),
    );
    expect(unreadable.statusCode).toBe(409);
    expect(unreadable.json().message).toMatch(/SECRET_KEY/);
    const after = await t.app.inject({ url: '/api/workspace/api-tokens', headers: asOwner() });
    expect(after.json().filter((token: { name: string }) => token.name === 'CRM')).toHaveLength(1);
  });

  it('keeps a key per caller, workspace and route: none answers another’s request', async () => {
    const key = newKey();
    const sender = await userOf(await t.signIn(`sender-${kind}@example.com`));
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/workspace/invitations',
      headers: asOwner(),
      payload: { email: `sender-${kind}@example.com`, role: 'sender' },
    });
    const token = added.json().link.split('/').pop();
    await post('/api/invitations/accept', null, { token }, { cookie: sender.cookie });
    const ownToken = await makeApiToken(t, owner.cookie, ['write'], { workspace });
    const team = (await post('/api/workspaces', null, { name: 'Team' }, { cookie: owner.cookie })).json().id;
    const stranger = await userOf(await t.signIn(`stranger-${kind}@example.com`));

    const callers: Record<string, string>[] = [
      asOwner(),
      bearer(ownToken.secret),
      { cookie: sender.cookie, [WORKSPACE_HEADER]: String(workspace) },
      { cookie: owner.cookie, [WORKSPACE_HEADER]: String(team) },
      { cookie: stranger.cookie },
    ];
    const answers = [];
    for (const headers of callers)
      answers.push(await post('/api/templates', key, template('Per caller'), headers));
    expect(answers.map((a) => [a.statusCode, a.headers['idempotent-replayed']])).toEqual(
      callers.map(() => [200, undefined]),
    );
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(callers.length);
    expect(await templatesNamed('Per caller')).toBe(callers.length);
    // The same key on another route is another key.
    const campaign = await post('/api/campaigns', key, { name: 'Per route', templateId: null }, asOwner());
    expect(campaign.statusCode).toBe(200);
    expect(campaign.headers['idempotent-replayed']).toBeUndefined();
  });

  it('frees the key when the first run fails on our side (5xx), so a retry acts', async () => {
    const key = newKey();
    const images = async () => (await t.ctx.db.select({ n: count() }).from(generatedImages))[0]!.n;
    const before = { asked: ai.requests.length, images: await images() };
    ai.failNext(1, { kind: 'status', status: 500 });
    const failed = await post('/api/generate-image', key, { prompt: 'a lighthouse' }, asOwner());
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const retried = await post('/api/generate-image', key, { prompt: 'a lighthouse' }, asOwner());
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    const replayed = await post('/api/generate-image', key, { prompt: 'a lighthouse' }, asOwner());
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toBe(retried.body);
    expect(ai.requests.length - before.asked).toBe(2);
    expect((await images()) - before.images).toBe(1);
  });

  it('makes a request that arrives while the first still runs wait for its answer', async () => {
    const key = newKey();
    const asked = ai.requests.length;
    // The first is slow at the AI; the second comes in meanwhile and must not ask it again.
    ai.setLatency(300);
    try {
      const [a, b] = await Promise.all([
        post('/api/generate-image', key, { prompt: 'two at once' }, asOwner()),
        post('/api/generate-image', key, { prompt: 'two at once' }, asOwner()),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.body).toBe(b.body);
      expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].sort()).toEqual([
        'true',
        undefined,
      ]);
    } finally {
      ai.setLatency(0);
    }
    expect(ai.requests.length - asked).toBe(1);
  });

  it('takes over a claim whose run died (its lease ran out with no answer); the dead run cannot answer late', async () => {
    const key = newKey();
    const body = template('Taken over');
    // What a process killed mid-request leaves: a claim, two minutes old, with no answer.
    const dead = await claimIdempotencyKey(
      t.ctx.db,
      {
        scope: keyScope({
          workspaceId: workspace,
          caller: { userId: owner.id },
          method: 'POST',
          route: '/api/templates',
          key,
        }),
        workspaceId: workspace,
        userId: owner.id,
        apiTokenId: null,
      },
      {
        fingerprint: requestFingerprint({ method: 'POST', path: '/api/templates', query: {}, body }),
        claimToken: 'dead-run',
        now: new Date(t.ctx.clock().getTime() - 2 * 60_000),
        leaseMs: 60_000,
        windowMs: 24 * HOUR,
      },
    );
    expect(dead.kind).toBe('claimed');
    const res = await post('/api/templates', key, body, asOwner());
    expect(res.statusCode).toBe(200);
    expect(await templatesNamed('Taken over')).toBe(1);
    if (dead.kind !== 'claimed') return;
    expect(await saveIdempotentAnswer(t.ctx.db, dead, { status: 200, headers: {}, body: 'late' })).toBe(
      false,
    );
    expect((await post('/api/templates', key, body, asOwner())).body).toBe(res.body);
  });

  it('lets a key act again once 24 hours of the app’s clock have passed, and clears spent keys', async () => {
    const key = newKey();
    await post('/api/templates', key, template('Next day'), asOwner());
    moveClock(23 * HOUR);
    const sameDay = await post('/api/templates', key, template('Next day'), asOwner());
    expect(sameDay.headers['idempotent-replayed']).toBe('true');
    moveClock(24 * HOUR + 60_000);
    const nextDay = await post('/api/templates', key, template('Next day'), asOwner());
    expect(nextDay.statusCode).toBe(200);
    expect(nextDay.headers['idempotent-replayed']).toBeUndefined();
    expect(await templatesNamed('Next day')).toBe(2);

    // The clean-up job deletes every key first used over 24 hours ago by the app's clock.
    const keysLeft = async () => (await t.ctx.db.select({ n: count() }).from(idempotencyKeys))[0]!.n;
    expect(await keysLeft()).toBeGreaterThan(1);
    moveClock(48 * HOUR + 120_000);
    await cleanUpSessionsJob.handle!(t.ctx, {}, { retryCount: 0, retryLimit: 2, isLast: false });
    expect(await keysLeft()).toBe(0);
    moveClock(0);
  });

  describe('without waiting (IDEMPOTENCY_WAIT_SECONDS=0)', () => {
    let eager: TestApp;
    beforeAll(async () => {
      eager = await startTestApp(kind, { ...ai.env, IDEMPOTENCY_WAIT_SECONDS: '0' });
    });
    afterAll(() => eager.close());

    it('answers 409 with Retry-After while the first request still runs, then its answer', async () => {
      const cookie = await eager.signIn();
      const call = () =>
        eager.app.inject({
          method: 'POST',
          url: '/api/generate-image',
          headers: { cookie, 'idempotency-key': 'slow-one' },
          payload: { prompt: 'slowly' },
        });
      ai.setLatency(1500);
      try {
        const first = call();
        await waitUntil(
          async () =>
            (await eager.ctx.db.select().from(idempotencyKeys).where(isNull(idempotencyKeys.status))).length >
            0,
          10_000,
          'the first request claimed its key',
        );
        const busy = await call();
        expect(busy.statusCode).toBe(409);
        expect(busy.headers['retry-after']).toBe('1');
        expect(busy.json().message).toContain('still being handled');
        const answered = await first;
        expect(answered.statusCode).toBe(200);
        expect((await call()).body).toBe(answered.body);
      } finally {
        ai.setLatency(0);
      }
    });
  });
});

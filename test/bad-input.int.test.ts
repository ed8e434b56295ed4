import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

/** Every JSON endpoint of the foundation, with a body that has the wrong types. */
const ENDPOINTS: { url: string; wrongTypes: unknown }[] = [
  { url: '/api/auth/local', wrongTypes: { email: 42, firstName: ['x'] } },
  { url: '/api/auth/time-zone', wrongTypes: { timeZone: 7 } },
  { url: '/api/sender-settings', wrongTypes: { name: 5, signature: { html: true }, zipCode: [] } },
  { url: '/api/check-dns-records', wrongTypes: { domain: 12 } },
];

describe.each(testDatabases())('bad input answers 4xx with a message, never 500 (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { BODY_LIMIT_BYTES: String(64 * 1024) });
    cookie = await t.signIn();
  });
  afterAll(() => t.close());

  for (const { url, wrongTypes } of ENDPOINTS) {
    it(`${url}: malformed JSON, wrong types, unknown fields, oversize body`, async () => {
      const post = (payload: string) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { cookie, 'content-type': 'application/json' },
          payload,
        });

      const malformed = await post('{"name": ');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toEqual(expect.any(String));

      const wrong = await post(JSON.stringify(wrongTypes));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        error: 'bad_request',
        message: expect.stringMatching(/^Invalid body/),
      });

      const unknown = await post(JSON.stringify({ surprise: true }));
      expect(unknown.statusCode).toBe(400);

      const notAnObject = await post('[1,2,3]');
      expect(notAnObject.statusCode).toBe(400);

      const huge = await post(JSON.stringify({ name: 'x'.repeat(100 * 1024) }));
      expect(huge.statusCode).toBe(413);
      expect(huge.json().message).toEqual(expect.any(String));
    });
  }

  it('rejects prototype-poisoning JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sender-settings',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('validates values, not just types', async () => {
    const badZone = await t.app.inject({
      method: 'POST',
      url: '/api/auth/time-zone',
      headers: { cookie },
      payload: { timeZone: 'Mars/Olympus_Mons' },
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().message).toBe('Unknown time zone');
    const badDomain = await t.app.inject({
      method: 'POST',
      url: '/api/check-dns-records',
      headers: { cookie },
      payload: { domain: 'not a domain!' },
    });
    expect(badDomain.statusCode).toBe(400);
    expect(badDomain.json().message).toBe('Invalid domain: enter a domain name such as example.com');
  });

  it('answers unknown API paths and wrong provider names with 404 JSON', async () => {
    const unknown = await t.app.inject({ url: '/api/nothing-here', headers: { cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
    const provider = await t.app.inject({ url: '/api/auth/yahoo' });
    expect(provider.statusCode).toBe(400);
    const unconfigured = await t.app.inject({ url: '/api/auth/google' });
    expect(unconfigured.statusCode).toBe(404);
    expect(unconfigured.json().message).toBe('Google sign-in is not configured');
  });
});

import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * A deployment says up front what it cannot do: nobody able to sign in (the log at start-up and the
 * public config the landing page reads), and no AI provider (the public config the editor reads).
 */
describe('what a deployment can do, said before anyone tries', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** An app with `env`, its warnings at start-up and its public config as a browser here sees it. */
  async function start(env: Record<string, string>) {
    const lines: string[] = [];
    const out = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await startTestApp('pglite', env, { log: pino({ level: 'warn' }, out) });
    const config = (await t.app.inject({ url: '/api/public-config', remoteAddress: '127.0.0.1' })).json();
    const warnings = lines.map((l) => JSON.parse(l).msg as string);
    return { warnings, config };
  }

  it('production with no Google or Microsoft client: the log names the settings, the config offers nothing', async () => {
    const { warnings, config } = await start({ NODE_ENV: 'production' });
    const warning = warnings.find((w) => w.startsWith('No sign-in method is configured'));
    expect(warning).toBeDefined();
    for (const setting of [
      'NODE_ENV=production',
      'GOOGLE_CLIENT_ID',
      'GOOGLE_CLIENT_SECRET',
      'MICROSOFT_CLIENT_ID',
      'MICROSOFT_CLIENT_SECRET',
      'LOCAL_SIGN_IN=true',
    ])
      expect(warning).toContain(setting);
    expect(config.signIn).toEqual({
      google: false,
      microsoft: false,
      local: false,
      localOnThisMachineOnly: false,
    });
  });

  it('a client id without its secret is no sign-in method either', async () => {
    const { warnings } = await start({ NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'half-configured' });
    expect(warnings.some((w) => w.startsWith('No sign-in method is configured'))).toBe(true);
  });

  it('with a way in, nothing is said', async () => {
    for (const env of <Record<string, string>[]>[
      { NODE_ENV: 'production', MICROSOFT_CLIENT_ID: 'id', MICROSOFT_CLIENT_SECRET: 'secret' },
      { NODE_ENV: 'production', LOCAL_SIGN_IN: 'true' },
      { NODE_ENV: 'development' },
    ]) {
      const { warnings, config } = await start(env);
      expect(warnings.filter((w) => w.includes('sign-in method'))).toEqual([]);
      expect(config.signIn.local || config.signIn.microsoft).toBe(true);
      await t!.close();
      t = undefined;
    }
  });

  it('local sign-in for this machine only: a visitor from elsewhere is told so', async () => {
    t = await startTestApp('pglite', { NODE_ENV: 'development' });
    const elsewhere = (await t.app.inject({ url: '/api/public-config', remoteAddress: '192.0.2.7' })).json();
    expect(elsewhere.signIn).toMatchObject({ local: false, localOnThisMachineOnly: true });
  });

  it('says whether an AI provider is configured', async () => {
    const none = await start({});
    expect(none.config.ai).toBe(false);
    await t!.close();
    t = undefined;
    const some = await start({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_MODEL: 'm',
    });
    expect(some.config.ai).toBe(true);
  });
});

import fs from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { type SmtpSink, type SmtpSinkOptions, startSmtpSink } from './fakes/smtp-sink';
import { sendOneEmail } from './support/send-one';
import { startTestApp, type TestApp } from './support/test-app';

const TLS = {
  key: fs.readFileSync('test/fixtures/tls/relay.key', 'utf8'),
  cert: fs.readFileSync('test/fixtures/tls/relay.pem', 'utf8'),
};
const CA_FILE = 'test/fixtures/tls/ca.pem';

/**
 * The settings a real relay needs: implicit TLS and STARTTLS, a private CA or none, the EHLO
 * name, and refused logins or certificates failing at once with the setting to change.
 */
describe('SMTP relay settings', () => {
  let sink: SmtpSink | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await sink?.close();
    t = undefined;
    sink = undefined;
  });

  /** A relay, an app sending to it with `env`, and the one email it tried to send. */
  async function sendThrough(
    relay: SmtpSinkOptions,
    env: (sink: SmtpSink) => Record<string, string>,
    log?: pino.Logger,
  ) {
    sink = await startSmtpSink(relay);
    const running = await startTestApp('pglite', { SEND_PACING: 'false', ...env(sink) }, { log });
    t = running;
    const cookie = await running.signIn('relay@example.com');
    const userId = (await running.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
    return sendOneEmail(running, cookie, userId);
  }

  it('implicit TLS (smtps://) to a relay signed by SMTP_TLS_CA, announcing SMTP_NAME in EHLO', async () => {
    const row = await sendThrough({ tls: TLS }, (s) => ({
      SMTP_URL: s.url,
      SMTP_TLS_CA: CA_FILE,
      SMTP_NAME: 'mailer.tailor.example',
    }));
    expect(sink!.url).toMatch(/^smtps:/);
    expect(row.status).toBe('sent');
    expect(sink!.count()).toBe(1);
    expect(sink!.ehloNames()).toEqual(['mailer.tailor.example']);
  });

  it('an untrusted certificate fails at once, naming SMTP_TLS_CA, and sends nothing', async () => {
    const row = await sendThrough({ tls: TLS }, (s) => ({ SMTP_URL: s.url }));
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.errorMessage).toMatch(
      /certificate was not trusted.*SMTP_TLS_CA.*SMTP_TLS_REJECT_UNAUTHORIZED=false/,
    );
    expect(sink!.count()).toBe(0);
  });

  it('SMTP_TLS_REJECT_UNAUTHORIZED=false reaches a self-signed relay, with a warning at start-up', async () => {
    const lines: string[] = [];
    const out = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const row = await sendThrough(
      { tls: TLS },
      (s) => ({ SMTP_URL: s.url, SMTP_TLS_REJECT_UNAUTHORIZED: 'false' }),
      pino({ level: 'warn' }, out),
    );
    expect(row.status).toBe('sent');
    expect(lines.some((l) => l.includes('SMTP_TLS_REJECT_UNAUTHORIZED=false'))).toBe(true);
  });

  it('STARTTLS, required and offered: the session is upgraded before the message', async () => {
    const row = await sendThrough({ tls: { ...TLS, startTls: true } }, (s) => ({
      SMTP_URL: s.url,
      SMTP_STARTTLS: 'required',
      SMTP_TLS_CA: CA_FILE,
    }));
    expect(sink!.url).toMatch(/^smtp:/);
    expect(row.status).toBe('sent');
  });

  it('STARTTLS required from a relay that does not offer it fails at once, naming SMTP_STARTTLS', async () => {
    const row = await sendThrough({}, (s) => ({ SMTP_URL: s.url, SMTP_STARTTLS: 'required' }));
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.errorMessage).toMatch(/did not start TLS.*SMTP_STARTTLS=required/);
    expect(sink!.count()).toBe(0);
  });

  it('smtps:// to a relay that speaks plain SMTP fails at once, saying which scheme fits', async () => {
    const row = await sendThrough({}, (s) => ({ SMTP_URL: s.url.replace('smtp:', 'smtps:') }));
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.errorMessage).toMatch(/smtps:\/\/ only for implicit TLS/);
  });

  it('a refused login fails at once, naming SMTP_URL', async () => {
    const row = await sendThrough({ users: { mailer: 'right-password' } }, (s) => ({
      SMTP_URL: s.url.replace('smtp://', 'smtp://mailer:wrong-password@'),
    }));
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.errorMessage).toMatch(/refused the login.*SMTP_URL/);
    expect(sink!.count()).toBe(0);
  });

  it('the right login is accepted, and EHLO defaults to PUBLIC_URL’s host', async () => {
    const row = await sendThrough({ users: { mailer: 'p@ss/word' } }, (s) => ({
      SMTP_URL: s.url.replace('smtp://', `smtp://mailer:${encodeURIComponent('p@ss/word')}@`),
      PUBLIC_URL: 'https://tailor.example.com',
    }));
    expect(row.status).toBe('sent');
    expect(sink!.messages()[0]!.user).toBe('mailer');
    expect(sink!.ehloNames()).toEqual(['tailor.example.com']);
  });
});

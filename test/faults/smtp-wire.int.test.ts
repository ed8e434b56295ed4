import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../fakes/smtp-sink';
import { sendOneEmail } from '../support/send-one';
import { startTestApp, type TestApp, testDatabases } from '../support/test-app';

/**
 * Exactly once when the SMTP connection breaks: a break before the message could have reached
 * the server is retried, a break after the whole message was handed over is never retried (SMTP
 * has no Sent folder to ask, so the user settles it). Each case counts copies at the server.
 */
describe.each(testDatabases())('SMTP connection breaks (%s)', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(kind, {
      SMTP_URL: sink.url,
      SEND_PACING: 'false',
      // A silent server is given up on after this long (then the outcome is unknown).
      SEND_TIMEOUT_MS: '3000',
      SEND_MAX_ATTEMPTS: '3',
    });
    cookie = await t.signIn('wire@example.com');
    userId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const sendOne = () => sendOneEmail(t, cookie, userId);
  const copiesOf = (messageId: string | null) =>
    sink.messages().filter((m) => m.messageId === messageId).length;

  it('a connection closed before the greeting is retried: one copy, sent', async () => {
    sink.reset();
    sink.dropNext('greeting');
    const row = await sendOne();
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(2);
    expect(copiesOf(row.messageId)).toBe(1);
    expect(sink.count()).toBe(1);
  });

  it('a connection closed at RCPT is retried: one copy, sent', async () => {
    sink.reset();
    sink.dropNext('rcpt');
    const row = await sendOne();
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(2);
    expect(copiesOf(row.messageId)).toBe(1);
  });

  it('a connection closed after the whole DATA, with no reply, is never retried: delivery unknown', async () => {
    sink.reset();
    sink.dropNext('data');
    const row = await sendOne();
    expect(row.status).toBe('unknown');
    expect(row.attempts).toBe(1);
    expect(row.errorMessage).toMatch(/^Delivery unknown: .*Check your Sent folder/);
    // The server got it once; the app must not have sent it again.
    expect(copiesOf(row.messageId)).toBe(1);
    expect(sink.count()).toBe(1);
  });

  it('a server silent after the whole DATA is given up on at the timeout: delivery unknown, one copy', async () => {
    sink.reset();
    sink.stallNext();
    const row = await sendOne();
    expect(row.status).toBe('unknown');
    expect(row.attempts).toBe(1);
    expect(copiesOf(row.messageId)).toBe(1);
  });

  it('temporary refusals until the attempts run out: failed, saying it gave up and after how long', async () => {
    sink.reset();
    sink.failNext(3, 451, '4.3.0 Mailbox busy');
    const row = await sendOne();
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(3);
    expect(row.errorMessage).toMatch(
      /^Gave up after 3 attempts over 6 seconds: SMTP: .*4\.3\.0 Mailbox busy/,
    );
    expect(sink.count()).toBe(0);
  });

  it('a permanent refusal fails at once with the server words', async () => {
    sink.reset();
    sink.failNext(1, 550, '5.1.1 No such user');
    const row = await sendOne();
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.errorMessage).toMatch(/refused the message \(550\).*5\.1\.1 No such user/);
  });
});

import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpSettings } from '../../src/server/config';
import { checkSmtp } from '../../src/server/services/doctor/mail-server-checks';
import { waitUntil } from '../support/http-client';
import { type Dovecot, dovecotUnavailable, startDovecot } from './dovecot';
import { type PrivatePostfix, postfixUnavailable, startPrivatePostfix } from './private-postfix';

/**
 * The peers a mailbox set up with its own SMTP and IMAP login needs: a private Postfix that takes
 * mail only after SMTP AUTH, against a private Dovecot's users, so one password logs in to send and
 * to read, and a wrong one is refused by the real server's own answer.
 */
const unavailable = postfixUnavailable() ?? dovecotUnavailable();
if (unavailable) console.warn(`test/peers skipped: ${unavailable}`);

describe.skipIf(unavailable !== null)('SMTP AUTH on a private Postfix against private Dovecot users', () => {
  let dovecot: Dovecot;
  let postfix: PrivatePostfix;
  const alice = { user: 'alice@peers.test', password: 'alice-secret' };
  const bob = { user: 'bob@peers.test', password: 'bob-secret' };
  const transport = (auth?: { user: string; pass: string }) =>
    nodemailer.createTransport({
      host: '127.0.0.1',
      port: postfix.port,
      secure: false,
      ignoreTLS: true,
      ...(auth && { auth }),
    });

  beforeAll(async () => {
    dovecot = await startDovecot({ users: [alice, bob] });
    postfix = await startPrivatePostfix({ mailboxes: ['lead'], saslSocket: dovecot.authSocket });
  }, 60_000);
  afterAll(async () => {
    await postfix?.close();
    await dovecot?.stop();
  });

  it('logs each user in with their own password and delivers what they send', async () => {
    for (const person of [alice, bob]) {
      const client = transport({ user: person.user, pass: person.password });
      expect(await client.verify()).toBe(true);
      await client.sendMail({
        from: person.user,
        to: 'lead@peers.test',
        subject: `From ${person.user}`,
        text: 'Hello',
      });
      client.close();
    }
    const delivered = await waitUntil(
      async () => {
        const messages = (await postfix.messages()).filter((m) => m.mailbox === 'lead');
        return messages.length === 2 ? messages : false;
      },
      20_000,
      'two messages in the lead mailbox',
    );
    expect(delivered.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]).sort()).toEqual([
      `From ${alice.user}`,
      `From ${bob.user}`,
    ]);
  });

  it('refuses a wrong password with the server’s own 535, and mail from a client that did not log in', async () => {
    const wrong = transport({ user: alice.user, pass: 'not-her-password' });
    const refused = await wrong.verify().catch((err: { code?: string; responseCode?: number }) => err);
    expect(refused).toMatchObject({ code: 'EAUTH', responseCode: 535 });
    wrong.close();

    const anonymous = transport();
    const rejected = await anonymous
      .sendMail({ from: 'someone@example.com', to: 'lead@peers.test', subject: 'No login', text: 'x' })
      .catch((err: { responseCode?: number }) => err);
    expect(rejected).toMatchObject({ responseCode: 554 });
    anonymous.close();
  });

  it("gives the doctor's SMTP check the server's own answer: logged in, or the login refused", async () => {
    const settings = (password: string): SmtpSettings => ({
      url: `smtp://${encodeURIComponent(alice.user)}:${password}@127.0.0.1:${postfix.port}`,
      startTls: 'opportunistic',
      tlsCa: undefined,
      tlsRejectUnauthorized: true,
      name: 'tailor.test',
      timeoutMs: 10_000,
      login: 'deployment',
    });
    const where = `smtp://alice%40peers.test:****@127.0.0.1:${postfix.port}`;
    expect(await checkSmtp(settings(alice.password))).toMatchObject({
      status: 'pass',
      why: `${where} accepts a session without TLS, logged in.`,
    });
    const refused = await checkSmtp(settings('not-her-password'));
    expect(refused.status).toBe('fail');
    expect(refused.why.startsWith(`${where} refused the login: `)).toBe(true);
    expect(refused.why).toContain('535');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkImap } from '../../src/server/services/doctor/mail-server-checks';
import { type Dovecot, dovecotUnavailable, imapSettingsOf, startDovecot } from './dovecot';

const unavailable = dovecotUnavailable();
if (unavailable) console.warn(`test/peers skipped: ${unavailable}`);

const MAILBOX = { user: 'doctor@example.com', password: 'imap-password' };

describe.skipIf(unavailable !== null)("the doctor's IMAP check against a real Dovecot", () => {
  let dovecot: Dovecot;
  beforeAll(async () => {
    dovecot = await startDovecot({ users: [MAILBOX] });
  });
  afterAll(async () => {
    await dovecot?.stop();
  });
  const where = () => `imap://doctor%40example.com:****@127.0.0.1:${dovecot.port}`;

  it('passes when the login works and IMAP_MAILBOX opens', async () => {
    expect(await checkImap(imapSettingsOf(dovecot, MAILBOX))).toEqual({
      id: 'imap',
      title: 'IMAP mailbox (IMAP_URL)',
      status: 'pass',
      why: `${where()} accepts the login without TLS and opens INBOX.`,
      todo: null,
    });
  });

  it('fails on a wrong password, naming IMAP_URL', async () => {
    const check = await checkImap(imapSettingsOf(dovecot, { ...MAILBOX, password: 'wrong-password' }));
    expect(check.status).toBe('fail');
    expect(check.why).toBe(`${where()} refused the login: Authentication failed.`);
    expect(check.todo).toBe('Check the user name and password in IMAP_URL.');
  });

  it('fails on a mailbox that does not exist, naming IMAP_MAILBOX', async () => {
    const check = await checkImap({ ...imapSettingsOf(dovecot, MAILBOX), mailbox: 'Bounces' });
    expect(check.status).toBe('fail');
    expect(check.why).toMatch(
      new RegExp(
        `^${where().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} accepts the login but cannot open the mailbox Bounces: .+\\.$`,
      ),
    );
    expect(check.todo).toMatch(/^Set IMAP_MAILBOX to the folder/);
  });
});

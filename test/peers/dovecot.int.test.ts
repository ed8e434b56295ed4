import fs from 'node:fs';
import net from 'node:net';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dovecot, dovecotUnavailable, startDovecot } from './dovecot';

/**
 * The private Dovecot that tests of reading replies and bounces over IMAP run against: what is
 * appended is what an IMAP client reads back, users are kept apart, and stop() leaves nothing.
 */
const unavailable = dovecotUnavailable();
if (unavailable) console.warn(`test/peers skipped: ${unavailable}`);

const MAYA = { user: 'maya.lindqvist@example.com', password: 'north-wind-42' };
const OMAR = { user: 'omar@castillo-reyes.example', password: 'c4stillo!' };

/** Lines joined with CRLF, as messages travel. */
const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

const REPLY = crlf([
  'Return-Path: <ada.hartley@brightline.example>',
  'From: Ada Hartley <ada.hartley@brightline.example>',
  'To: Maya Lindqvist <maya.lindqvist@example.com>',
  'Subject: Re: Onboarding new support staff at Brightline Logistics',
  'Date: Tue, 14 Apr 2026 09:12:44 +0200',
  'Message-ID: <CAF3k2-reply-1@mail.brightline.example>',
  'In-Reply-To: <tailor.41.7f3a@example.com>',
  'References: <tailor.41.7f3a@example.com>',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: 7bit',
  '',
  'Hi Maya,',
  '',
  'Wednesday at 10 works for me. Send an invite?',
  '',
  'Ada',
  '',
  '> Would a twenty-minute call next Tuesday or Wednesday be useful?',
]);

const AUTO_REPLY = crlf([
  'From: Priya Natarajan <priya@fernhill.example>',
  'To: maya.lindqvist@example.com',
  'Subject: Automatic reply: Onboarding new support staff at Fernhill Dental Group',
  'Date: Tue, 14 Apr 2026 09:30:02 +0000',
  'Message-ID: <auto.20260414093002.5521@fernhill.example>',
  'In-Reply-To: <tailor.42.91bc@example.com>',
  'References: <tailor.42.91bc@example.com>',
  'Auto-Submitted: auto-replied',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'I am out of the office until 21 April and will reply when I am back.',
]);

/** A delivery status notification, as Postfix sends it: it names the original only inside. */
const BOUNCE = crlf([
  'From: MAILER-DAEMON@mx.example.com (Mail Delivery System)',
  'To: maya.lindqvist@example.com',
  'Subject: Undelivered Mail Returned to Sender',
  'Date: Tue, 14 Apr 2026 09:01:17 +0000',
  'Message-ID: <20260414090117.3F2A11C0042@mx.example.com>',
  'Auto-Submitted: auto-replied',
  'MIME-Version: 1.0',
  'Content-Type: multipart/report; report-type=delivery-status; boundary="3F2A11C0042.1776157277/mx.example.com"',
  '',
  '--3F2A11C0042.1776157277/mx.example.com',
  'Content-Type: text/plain; charset=us-ascii',
  '',
  'I am sorry to have to inform you that your message could not be delivered.',
  '<jonas.weber@weber-haustechnik.example>: host mx.weber-haustechnik.example said:',
  '    550 5.1.1 <jonas.weber@weber-haustechnik.example>: Recipient address rejected',
  '',
  '--3F2A11C0042.1776157277/mx.example.com',
  'Content-Type: message/delivery-status',
  '',
  'Reporting-MTA: dns; mx.example.com',
  '',
  'Final-Recipient: rfc822; jonas.weber@weber-haustechnik.example',
  'Action: failed',
  'Status: 5.1.1',
  'Diagnostic-Code: smtp; 550 5.1.1 Recipient address rejected',
  '',
  '--3F2A11C0042.1776157277/mx.example.com',
  'Content-Type: text/rfc822-headers',
  '',
  'From: Maya Lindqvist <maya.lindqvist@example.com>',
  'To: jonas.weber@weber-haustechnik.example',
  'Subject: Onboarding new support staff at Weber Haustechnik',
  'Message-ID: <tailor.44.0d1e@example.com>',
  '',
  '--3F2A11C0042.1776157277/mx.example.com--',
]);

const OMAR_REPLY = crlf([
  'From: Omar Castillo <omar@castillo-reyes.example>',
  'To: omar@castillo-reyes.example',
  'Subject: Re: Quarterly numbers',
  'Date: Mon, 13 Apr 2026 17:45:00 -0500',
  'Message-ID: <omar-own-1@castillo-reyes.example>',
  'In-Reply-To: <quarter-1@castillo-reyes.example>',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Numbers attached.',
]);

function client(dovecot: Dovecot, user: string, password: string) {
  const c = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    auth: { user, pass: password },
    logger: false,
  });
  // Failures reach the test through the awaited calls; an unheard 'error' event would throw.
  c.on('error', () => {});
  return c;
}

async function inbox(dovecot: Dovecot, user: string, password: string) {
  const c = client(dovecot, user, password);
  await c.connect();
  const lock = await c.getMailboxLock('INBOX');
  try {
    const found = [];
    for await (const msg of c.fetch(
      '1:*',
      {
        uid: true,
        envelope: true,
        flags: true,
        internalDate: true,
        headers: ['in-reply-to', 'auto-submitted'],
      },
      { uid: true },
    )) {
      found.push({
        uid: msg.uid,
        messageId: msg.envelope?.messageId,
        inReplyTo: msg.envelope?.inReplyTo,
        headers: msg.headers?.toString('utf8') ?? '',
        flags: [...(msg.flags ?? [])],
        internalDate: msg.internalDate,
      });
    }
    const uidValidity = c.mailbox ? Number(c.mailbox.uidValidity) : undefined;
    return { messages: found, uidValidity };
  } finally {
    lock.release();
    await c.logout();
  }
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

function running(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(unavailable !== null)('a private Dovecot', () => {
  let dovecot: Dovecot;
  const appended: { uid: number; uidValidity: number }[] = [];
  const seen = new Date('2026-04-14T09:31:00Z');
  beforeAll(async () => {
    dovecot = await startDovecot({ users: [MAYA, OMAR] });
    appended.push(await dovecot.append(MAYA.user, BOUNCE));
    appended.push(await dovecot.append(MAYA.user, REPLY));
    appended.push(
      await dovecot.append(MAYA.user, Buffer.from(AUTO_REPLY), { flags: ['\\Seen'], date: seen }),
    );
    await dovecot.append(OMAR.user, OMAR_REPLY);
  });
  afterAll(async () => {
    await dovecot?.stop();
  });

  it('hands back what was appended, in UID order, with Message-ID and In-Reply-To', async () => {
    const { messages, uidValidity } = await inbox(dovecot, MAYA.user, MAYA.password);
    expect(messages.map((m) => m.uid)).toEqual(appended.map((a) => a.uid));
    expect(appended.map((a) => a.uid)).toEqual([...appended.map((a) => a.uid)].sort((a, b) => a - b));
    expect(new Set(appended.map((a) => a.uidValidity))).toEqual(new Set([uidValidity]));
    expect(messages.map((m) => [m.messageId, m.inReplyTo])).toEqual([
      ['<20260414090117.3F2A11C0042@mx.example.com>', undefined],
      ['<CAF3k2-reply-1@mail.brightline.example>', '<tailor.41.7f3a@example.com>'],
      ['<auto.20260414093002.5521@fernhill.example>', '<tailor.42.91bc@example.com>'],
    ]);
    expect(messages[1]!.headers).toMatch(/^In-Reply-To: <tailor\.41\.7f3a@example\.com>\r\n/im);
    expect(messages[2]!.headers).toMatch(/^Auto-Submitted: auto-replied\r\n/im);
    // The flags and internal date given to append().
    expect(messages[2]!.flags).toContain('\\Seen');
    expect(messages[1]!.flags).not.toContain('\\Seen');
    expect(messages[2]!.internalDate).toEqual(seen);
  });

  it('keeps the whole message as appended', async () => {
    const c = client(dovecot, MAYA.user, MAYA.password);
    await c.connect();
    try {
      const lock = await c.getMailboxLock('INBOX');
      try {
        const msg = await c.fetchOne(String(appended[0]!.uid), { source: true }, { uid: true });
        if (!msg) throw new Error('no message at the appended UID');
        expect(msg.source?.toString('utf8')).toBe(BOUNCE);
      } finally {
        lock.release();
      }
    } finally {
      await c.logout();
    }
  });

  it('keeps UIDVALIDITY across connections', async () => {
    const first = client(dovecot, MAYA.user, MAYA.password);
    const second = client(dovecot, MAYA.user, MAYA.password);
    await first.connect();
    await second.connect();
    try {
      const a = await first.status('INBOX', { uidValidity: true, messages: true, uidNext: true });
      const b = await second.status('INBOX', { uidValidity: true, messages: true, uidNext: true });
      if (!a || !b) throw new Error('no STATUS answer');
      expect(a.uidValidity).toBe(BigInt(appended[0]!.uidValidity));
      expect(b.uidValidity).toBe(a.uidValidity);
      expect(a.messages).toBe(3);
      expect(a.uidNext).toBeGreaterThan(appended[2]!.uid);
    } finally {
      await first.logout();
      await second.logout();
    }
    expect(await dovecot.uidValidity(MAYA.user)).toBe(appended[0]!.uidValidity);
  });

  it('shows each user only their own mail', async () => {
    const omar = await inbox(dovecot, OMAR.user, OMAR.password);
    expect(omar.messages.map((m) => [m.messageId, m.inReplyTo])).toEqual([
      ['<omar-own-1@castillo-reyes.example>', '<quarter-1@castillo-reyes.example>'],
    ]);
    const maya = await inbox(dovecot, MAYA.user, MAYA.password);
    expect(maya.messages.map((m) => m.messageId)).not.toContain('<omar-own-1@castillo-reyes.example>');
  });

  it('refuses a wrong password and an unknown user', async () => {
    for (const [user, password] of [
      [MAYA.user, 'not-her-password'],
      [MAYA.user, OMAR.password],
      ['nobody@example.com', MAYA.password],
    ] as const) {
      const c = client(dovecot, user, password);
      await expect(c.connect()).rejects.toMatchObject({ authenticationFailed: true });
      c.close();
    }
  });

  it('appends to other mailboxes too', async () => {
    const c = client(dovecot, OMAR.user, OMAR.password);
    await c.connect();
    try {
      await c.mailboxCreate('Archive');
    } finally {
      await c.logout();
    }
    const first = await dovecot.append(OMAR.user, OMAR_REPLY, { mailbox: 'Archive' });
    expect(first.uid).toBe(1);
    expect(await dovecot.uidValidity(OMAR.user, 'Archive')).toBe(first.uidValidity);
  });

  it('can force a new UIDVALIDITY, keeping the messages', async () => {
    const before = await inbox(dovecot, MAYA.user, MAYA.password);
    const omarBefore = await dovecot.uidValidity(OMAR.user);
    // A session with INBOX selected meanwhile is told to log in again: Dovecot drops it at its
    // next command (idle, it would notice only at its next check, some 15 s later).
    const open = client(dovecot, MAYA.user, MAYA.password);
    await open.connect();
    await open.mailboxOpen('INBOX');
    const dropped = new Promise<void>((resolve) => open.once('close', () => resolve()));
    const next = await dovecot.resetUidValidity(MAYA.user);
    await open.noop();
    await dropped;
    expect(open.usable).toBe(false);
    expect(next).toBeGreaterThan(before.uidValidity!);
    expect(await dovecot.uidValidity(MAYA.user)).toBe(next);
    const after = await inbox(dovecot, MAYA.user, MAYA.password);
    expect(after.uidValidity).toBe(next);
    expect(after.messages.map((m) => m.messageId)).toEqual(before.messages.map((m) => m.messageId));
    // Omar's INBOX is untouched.
    expect(await dovecot.uidValidity(OMAR.user)).toBe(omarBefore);
    // New mail comes with the new value.
    expect((await dovecot.append(MAYA.user, REPLY)).uidValidity).toBe(next);
  });
});

describe.skipIf(unavailable !== null)('stopping a private Dovecot', () => {
  it('leaves no process of the instance and frees its port, even with a session open', async () => {
    const startedAt = performance.now();
    const dovecot = await startDovecot();
    const startMs = performance.now() - startedAt;
    const { user, password } = dovecot.users[0]!;
    await dovecot.append(user, REPLY);
    // A logged-in session with INBOX selected: its imap process must go too.
    const c = client(dovecot, user, password);
    await c.connect();
    await c.mailboxOpen('INBOX');
    const pids = dovecot.processes();
    expect(pids).toContain(dovecot.pid);
    // master plus at least log, config, auth and this session's imap.
    expect(pids.length).toBeGreaterThanOrEqual(5);
    // The session is logged in: the server itself said so (INBOX is selected, which needs a login).
    // Not read from Dovecot's log: its separate log process wrote the login line late, and twice
    // under a loaded full run not within 10 s at all, while the session was plainly there.
    expect(c.authenticated).toBeTruthy();
    expect(c.mailbox ? c.mailbox.path : null).toBe('INBOX');

    const stoppingAt = performance.now();
    await dovecot.stop();
    const stopMs = performance.now() - stoppingAt;
    c.close();
    expect(pids.filter(running)).toEqual([]);
    expect(dovecot.processes()).toEqual([]);
    expect(await refused(dovecot.port)).toBe(true);
    expect(fs.existsSync(dovecot.dir)).toBe(false);
    console.info(`private dovecot: start ${Math.round(startMs)} ms, stop ${Math.round(stopMs)} ms`);
  });
});

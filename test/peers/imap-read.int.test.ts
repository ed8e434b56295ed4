import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundMessages, users } from '../../src/server/db/schema';
import { syncImapMailbox } from '../../src/server/services/conversations/sync-imap';
import { sentEmailsTheCorpusAnswers } from '../support/inbound';
import { startTestApp, stopPeriodicMailboxSync, type TestApp } from '../support/test-app';
import { type Dovecot, dovecotUnavailable, startDovecot } from './dovecot';

const unavailable = dovecotUnavailable();
if (unavailable) console.warn(`test/peers skipped: ${unavailable}`);

const MAILBOX = { user: 'alice@example.com', password: 'inbox-password' };

function answer(id: string, text: string) {
  return [
    'From: Bob <bob@martin-sons.example>',
    'To: alice@example.com',
    'Subject: Re: Quick question',
    `Message-ID: <${id}@martin-sons.example>`,
    'In-Reply-To: <tailor.123.abc@mail.example.com>',
    'Date: Mon, 30 Nov 2026 15:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    `<p>${text}</p><img src="https://pixel.example/o.gif">`,
    '',
  ].join('\r\n');
}

/** Reading an answer whole from the deployment's IMAP mailbox, on a private Dovecot. */
describe.skipIf(unavailable !== null)('reading an answer from an IMAP mailbox', () => {
  let dovecot: Dovecot;
  let t: TestApp;
  let cookie: string;
  let userId: number;
  const read = (id: number) =>
    t.app.inject({ method: 'GET', url: `/api/inbox/${id}/message`, headers: { cookie } });
  const idOf = async (key: string) =>
    (await t.ctx.db.select().from(inboundMessages).where(eq(inboundMessages.sourceKey, key)))[0]!;

  beforeAll(async () => {
    dovecot = await startDovecot({ users: [MAILBOX] });
    const user = encodeURIComponent(MAILBOX.user);
    t = await startTestApp('pglite', {
      IMAP_URL: `imap://${user}:${MAILBOX.password}@127.0.0.1:${dovecot.port}`,
    });
    await stopPeriodicMailboxSync(t);
    cookie = await t.signIn(MAILBOX.user);
    userId = (await t.ctx.db.select().from(users).where(eq(users.email, MAILBOX.user)))[0]!.id;
    await sentEmailsTheCorpusAnswers(t.ctx.db, userId, new Date());
    await dovecot.append(MAILBOX.user, answer('first', 'Yes, call me on Thursday.'));
    await dovecot.append(MAILBOX.user, answer('second', 'One more thing.'));
    expect(
      await syncImapMailbox({ db: t.ctx.db, settings: t.ctx.config.mail.imap!, now: () => new Date() }),
    ).toMatchObject({ recorded: 2 });
  });
  afterAll(async () => {
    await t?.close();
    await dovecot?.stop();
  });

  it('fetches it by its UID, sanitised and with its remote image blocked', async () => {
    const row = await idOf('message-id:first@martin-sons.example');
    expect(row.providerRef).toMatch(/^imap:\d+:\d+$/);
    const res = await read(row.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      blockedImages: 1,
      source: 'mailbox',
      from: { address: 'bob@martin-sons.example' },
    });
    expect(res.json().html).toContain('Yes, call me on Thursday.');
    expect(res.json().html).not.toContain('pixel.example');
  });

  it('finds it by its Message-ID once the UIDs it was seen under are void', async () => {
    await dovecot.resetUidValidity(MAILBOX.user);
    const res = await read((await idOf('message-id:second@martin-sons.example')).id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().html).toContain('One more thing.');
  });

  it('says so when the message is no longer in the mailbox', async () => {
    const cur = path.join(dovecot.dir, 'mail', MAILBOX.user, 'cur');
    const fresh = path.join(dovecot.dir, 'mail', MAILBOX.user, 'new');
    for (const folder of [cur, fresh])
      for (const file of fs.existsSync(folder) ? fs.readdirSync(folder) : [])
        if (fs.readFileSync(path.join(folder, file), 'utf8').includes('<first@martin-sons.example>'))
          fs.rmSync(path.join(folder, file));
    await dovecot.resetUidValidity(MAILBOX.user);
    const res = await read((await idOf('message-id:first@martin-sons.example')).id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/no longer in the mailbox/);
  });
});

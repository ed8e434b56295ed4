import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerBodies, inboundMessages } from '../src/server/db/schema';
import { cleanUpSessionsJob } from '../src/server/jobs/clean-up-sessions';
import { syncMailbox } from '../src/server/services/conversations/sync-mailbox';
import type { FakeMailProviders } from './fakes/mail-providers';
import type { FakeOidc } from './fakes/oidc-provider';
import { defaultMailboxIdOf } from './support/factories';
import { startProviderApp } from './support/provider-app';
import { sendCampaignThroughMailbox } from './support/provider-mailbox';
import { signInWithProvider } from './support/provider-sign-in';
import { stopPeriodicMailboxSync, type TestApp } from './support/test-app';

const DAY_MS = 86_400_000;

/** An HTML answer with what a reading view must not run or load, and an attachment. */
function htmlAnswer(from: string, to: string, inReplyTo: string, id: string) {
  return [
    `From: Bob <${from}>`,
    `To: ${to}`,
    'Cc: Dana <dana@example.org>',
    'Subject: Re: Hello',
    `Message-ID: <${id}@mail.example.org>`,
    `In-Reply-To: ${inReplyTo}`,
    `References: ${inReplyTo}`,
    'Date: Wed, 25 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p onclick="x()">Sounds <b>good</b>, call me.</p><script>alert(1)</script>' +
      '<img src="https://tracker.example/open.gif" alt="pixel">',
    '--b1',
    'Content-Type: application/pdf; name="fleet.pdf"',
    'Content-Disposition: attachment; filename="fleet.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('%PDF-1.4 fleet list').toString('base64'),
    '--b1--',
    '',
  ].join('\r\n');
}

/**
 * Reading an answer whole: fetched on demand from the Gmail or Outlook mailbox it arrived in,
 * sanitised, remote images blocked until allowed, attachments listed; kept only when the
 * workspace keeps answers, and deleted once its days have passed on the app's clock.
 */
describe.each(['google', 'microsoft'] as const)('reading an answer from its %s mailbox', (provider) => {
  const fake = provider === 'google' ? 'gmail' : 'graph';
  const address = provider === 'google' ? 'pat@gmail.test' : 'pat@outlook.test';
  let oidc: FakeOidc;
  let mail: FakeMailProviders;
  let t: TestApp;
  let close: () => Promise<void>;
  let cookie: string;
  let answerId: number;
  let clockFile: string;
  const moveClock = (ms: number) => fs.writeFileSync(clockFile, String(ms));
  const read = (id: number, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/inbox/${id}/message${query}`, headers: { cookie } });

  beforeAll(async () => {
    clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-clock-')), 'offset');
    moveClock(0);
    ({ oidc, mail, t, close } = await startProviderApp({ CLOCK_OFFSET_FILE: clockFile }));
    await stopPeriodicMailboxSync(t);
    let userId: number;
    ({ cookie, userId } = await signInWithProvider(t, oidc, provider, address));
    const [sent] = await sendCampaignThroughMailbox(t, cookie, userId, 1);
    await mail.deliver(fake, htmlAnswer('bob@example.org', address, sent!.messageId!, `html-${fake}`));
    const mailboxId = await defaultMailboxIdOf(t.ctx.db, userId);
    expect(await syncMailbox(t.ctx, `mailbox:${mailboxId}`, () => new Date())).toMatchObject({ recorded: 1 });
    const [row] = await t.ctx.db.select().from(inboundMessages).where(eq(inboundMessages.userId, userId));
    expect(row).toMatchObject({ mailboxId, providerRef: expect.stringMatching(new RegExp(`^${fake}:`)) });
    answerId = row!.id;
  });
  afterAll(async () => {
    await close?.();
    fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
  });

  it('fetches it from the mailbox, sanitised, with its remote image blocked and its attachment named', async () => {
    const before = mail.requests(fake);
    const res = await read(answerId);
    expect(res.statusCode, res.body).toBe(200);
    const message = res.json();
    expect(mail.requests(fake)).toBeGreaterThan(before);
    expect(message).toMatchObject({
      subject: 'Re: Hello',
      from: { name: 'Bob', address: 'bob@example.org' },
      cc: ['Dana <dana@example.org>'],
      blockedImages: 1,
      attachments: [{ filename: 'fleet.pdf', contentType: 'application/pdf' }],
      source: 'mailbox',
    });
    expect(message.html).toContain('Sounds <b>good</b>, call me.');
    expect(message.html).not.toMatch(/script|onclick|tracker\.example/);
    const allowed = (await read(answerId, '?images=true')).json();
    expect(allowed.blockedImages).toBe(0);
    expect(allowed.html).toContain('https://tracker.example/open.gif');
    // Nothing of it is kept: the workspace keeps no answers.
    expect(await t.ctx.db.$count(answerBodies)).toBe(0);
  });

  it('keeps it for the days the workspace asks, then deletes it', async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/workspace',
      headers: { cookie },
      payload: { keepAnswerDays: 2 },
    });
    expect(set.json()).toMatchObject({ keepAnswerDays: 2 });
    expect((await read(answerId)).json().source).toBe('mailbox');
    const before = mail.requests(fake);
    const kept = (await read(answerId)).json();
    expect(kept).toMatchObject({ source: 'kept', blockedImages: 1 });
    expect(mail.requests(fake)).toBe(before);
    const job = () => cleanUpSessionsJob.handle!(t.ctx, {}, { retryCount: 0, retryLimit: 2, isLast: false });
    moveClock(DAY_MS);
    await job();
    expect(await t.ctx.db.$count(answerBodies)).toBe(1);
    moveClock(2 * DAY_MS + 60_000);
    await job();
    expect(await t.ctx.db.$count(answerBodies)).toBe(0);
    // Read again, it comes from the mailbox, and is kept anew.
    expect((await read(answerId)).json().source).toBe('mailbox');
    expect(await t.ctx.db.$count(answerBodies)).toBe(1);
  });

  it('refuses another workspace, and bad ids, without reading any mailbox', async () => {
    const other = (await signInWithProvider(t, oidc, provider, `eve@${address.split('@')[1]}`)).cookie;
    const before = mail.requests(fake);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/inbox/${answerId}/message`,
      headers: { cookie: other },
    });
    expect(res.statusCode).toBe(404);
    expect((await read(answerId, '?images=maybe')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/inbox/abc/message', headers: { cookie } })).statusCode,
    ).toBe(400);
    expect(mail.requests(fake)).toBe(before);
  });
});

import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, outboxMessages, sendQuota, unsubscribes } from '../src/server/db/schema';
import { calendarDay } from '../src/server/lib/calendar-day';
import { openPixel } from '../src/server/mail/compose';
import { rawHeader, type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import {
  createCampaignWithFollowUps,
  createReadyCampaign,
  defaultMailboxIdOf,
  personalWorkspaceOf,
} from './support/factories';
import { waitUntil } from './support/http-client';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const sendingEnv = { SEND_PACING: 'false', JOB_MAINTENANCE_SECONDS: '1' };

async function settle(t: TestApp, campaignId: number, count: number, statuses = ['sent']) {
  return waitUntil(
    async () => {
      const rows = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaignId));
      const done = rows.filter((r) => statuses.includes(r.status));
      return done.length >= count ? rows : false;
    },
    30_000,
    `${count} emails ${statuses.join('/')}`,
  );
}

describe.each(testDatabases())('sending through SMTP (%s)', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(kind, { ...sendingEnv, SMTP_URL: sink.url, PUBLIC_URL: 'https://tailor.example' });
    cookie = await t.signIn('sender@example.com');
    userId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  const post = (url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('previews each email as the message that leaves: From, To, subject, HTML and text alike', async () => {
    sink.reset();
    const own = await t.signIn('preview@example.com');
    const ownId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie: own } })).json().id;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/sender-settings',
      headers: { cookie: own },
      payload: {
        name: 'Sam Sender',
        signature: '<p>Best,<br>Sam</p>',
        companyName: 'Acme Ltd',
        streetAddress: '9 Elm Road',
        city: 'Leeds',
        zipCode: 'LS1 4AP',
      },
    });
    expect(saved.statusCode).toBe(200);
    const campaign = await createReadyCampaign(t.ctx.db, ownId, 1, { unsubscribeMessage: 'Acme\n1 Main St' });
    const [email] = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
    const preview = (
      await t.app.inject({ url: `/api/emails/${email!.id}/preview`, headers: { cookie: own } })
    ).json();
    // Someone else's email is not found.
    expect(
      (await t.app.inject({ url: `/api/emails/${email!.id}/preview`, headers: { cookie } })).statusCode,
    ).toBe(404);
    expect(preview.from).toBe('Sam Sender <preview@example.com>');
    expect(preview.html).toContain('<div class="signature"><p>Best,<br />Sam</p></div>');
    // Commercial mail carries the postal address: the campaign's message names none, so Settings' is added.
    expect(preview.html).toContain('Acme<br>1 Main St<br>Acme Ltd, 9 Elm Road, Leeds, LS1 4AP');

    await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/send-approved`,
      headers: { cookie: own },
    });
    await settle(t, campaign.id, 1);
    const [sent] = await sink.parsedMessages();
    expect(sent!.parsed.from?.value).toEqual([{ name: 'Sam Sender', address: 'preview@example.com' }]);
    // The message sent carries the open pixel; the preview does not load it (it would count an
    // open, and the app's own Content-Security-Policy refuses it).
    const pixel = openPixel(new URL(`/t/o/${email!.trackingToken}.gif`, t.ctx.config.publicUrl).href);
    expect(sent!.parsed.html).toContain(pixel);
    expect(preview.html).not.toContain('/t/o/');
    expect(preview).toEqual({
      from: 'Sam Sender <preview@example.com>',
      to: email!.subject.replace(/^Hello /, ''),
      subject: sent!.parsed.subject,
      html: String(sent!.parsed.html).replace(`\n${pixel}`, ''),
      text: sent!.parsed.text,
    });
  });

  it('previews an unsaved edit as the save would store it, and stores nothing', async () => {
    const own = await t.signIn('preview-edit@example.com');
    const ownId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie: own } })).json().id;
    await t.app.inject({
      method: 'POST',
      url: '/api/sender-settings',
      headers: { cookie: own },
      payload: {
        name: 'Eve Editor',
        signature: '<p>Cheers,<br>Eve</p>',
        companyName: 'Acme Ltd',
        streetAddress: '2 Oak Lane',
        city: 'Leeds',
      },
    });
    const campaign = await createCampaignWithFollowUps(t.ctx.db, ownId, 1);
    const rows = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
    const first = rows.find((r) => r.step === 1)!;
    const followUp = rows.find((r) => r.step === 2)!;
    const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = own) =>
      t.app.inject({ method, url, headers: { cookie: as }, ...(payload && { payload }) });
    // Spaces the save collapses, and a script the save strips.
    const edit = {
      subject: '  A   new\n subject ',
      body: '<p>Edited <b>text</b></p><script>alert(1)</script><p onclick="x()">Bye</p>',
    };

    const before = (await inject('GET', `/api/emails/${first.id}/preview`)).json();
    const posted = await inject('POST', `/api/emails/${first.id}/preview`, edit);
    expect(posted.statusCode).toBe(200);
    const preview = posted.json();
    expect(preview.subject).toBe('A new subject');
    expect(preview.html).toContain('<p>Edited <b>text</b></p>');
    expect(preview.html).not.toContain('<script');
    expect(preview.html).not.toContain('alert(1)');
    expect(preview.html).not.toContain('onclick');
    expect(preview.html).toContain('<div class="signature"><p>Cheers,<br />Eve</p></div>');
    expect(preview.html).toContain('Acme Ltd, 2 Oak Lane, Leeds');
    expect(preview.html).toMatch(/href="https:\/\/tailor\.example\/u\/[0-9a-f]+"/);
    expect(preview.text).toContain('Edited text');
    expect(preview.text).toContain('Cheers,\nEve');
    expect(preview.from).toBe(before.from);
    expect(preview.to).toBe(before.to);

    // Nothing stored: the email keeps its text, and the GET preview its old subject.
    const [stored] = await t.ctx.db.select().from(emails).where(eq(emails.id, first.id));
    expect({ subject: stored!.subject, body: stored!.body, isEdited: stored!.isEdited }).toEqual({
      subject: first.subject,
      body: first.body,
      isEdited: first.isEdited,
    });
    expect((await inject('GET', `/api/emails/${first.id}/preview`)).json()).toEqual(before);

    // Someone else's email is not found; a bad body is the usual 400 that says what is wrong.
    expect((await inject('POST', `/api/emails/${first.id}/preview`, edit, cookie)).statusCode).toBe(404);
    for (const bad of [
      { subject: 'Hi' },
      { ...edit, isApproved: true },
      { ...edit, subject: 'x'.repeat(2_001) },
    ]) {
      const refused = await inject('POST', `/api/emails/${first.id}/preview`, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: 'bad_request',
        message: expect.stringMatching(/^Invalid body/),
      });
    }

    // The same edit saved: the preview of what was stored is, part for part, the one before the save.
    const followUpPreview = (await inject('POST', `/api/emails/${followUp.id}/preview`, edit)).json();
    // The follow-up first: its subject is the first email's, as stored when it is read.
    for (const { id, want } of [
      { id: followUp.id, want: followUpPreview },
      { id: first.id, want: preview },
    ]) {
      expect((await inject('PUT', `/api/emails/${id}`, { ...edit, isEdited: true })).statusCode).toBe(200);
      expect((await inject('GET', `/api/emails/${id}/preview`)).json()).toEqual(want);
    }
    // A follow-up goes out as a reply to the first email, whatever subject the edit gave it.
    expect(followUpPreview.subject).toBe(`Re: ${first.subject}`);
    expect(followUpPreview.html).toContain('<p>Edited <b>text</b></p>');
  });

  it("shows every campaign of a sender the mailbox's one daily quota, as Settings does", async () => {
    const own = await t.signIn('quota@example.com');
    const ownId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie: own } })).json().id;
    const get = async (url: string) => (await t.app.inject({ url, headers: { cookie: own } })).json();
    const sent = await createReadyCampaign(t.ctx.db, ownId, 3);
    const waiting = await createReadyCampaign(t.ctx.db, ownId, 2);
    const plain = await createReadyCampaign(t.ctx.db, ownId, 1, { includeUnsubscribeLink: false });
    await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${sent.id}/send-approved`,
      headers: { cookie: own },
    });
    await settle(t, sent.id, 3);
    // The campaign that sent nothing today still counts the mailbox's three against its limit.
    for (const id of [sent.id, waiting.id])
      expect(await get(`/api/campaigns/${id}/daily-stats`)).toEqual({
        todaySentCount: 3,
        dailyLimit: 500,
        remainingToday: 497,
      });
    // Without an unsubscribe link an email counts against the lower limit of its own.
    expect(await get(`/api/campaigns/${plain.id}/daily-stats`)).toEqual({
      todaySentCount: 0,
      dailyLimit: 100,
      remainingToday: 100,
    });
    expect(await get('/api/daily-email-stats')).toMatchObject({
      sentWithUnsubscribe: 3,
      sentWithoutUnsubscribe: 0,
      limitWithUnsubscribe: 500,
    });
  });

  it('sends every approved email once, with the headers and parts mail providers expect', async () => {
    sink.reset();
    const campaign = await createReadyCampaign(t.ctx.db, userId, 12, {
      unsubscribeMessage: 'Acme\n1 Main St',
    });
    const res = await post(`/api/campaigns/${campaign.id}/send-approved`);
    expect(res.json()).toEqual({
      scheduledFor: null,
      successCount: 12,
      scheduledCount: 0,
      followUpCount: 0,
      dailyLimit: 500,
      hasUnsubscribeLink: true,
    });
    const rows = await settle(t, campaign.id, 12);
    expect(sink.count()).toBe(12);
    const ids = new Set(sink.messages().map((m) => m.messageId));
    expect(ids.size).toBe(12);
    for (const row of rows) expect(ids.has(row.messageId!)).toBe(true);

    const [first] = await sink.parsedMessages();
    expect(first!.parsed.subject).toMatch(/^Hello r\d+-/);
    expect(first!.parsed.text).toContain('Hi there');
    expect(first!.parsed.html).toContain('Acme<br>1 Main St');
    expect(first!.parsed.html).toMatch(/background="https:\/\/tailor\.example\/t\/o\/[^"]+\.gif"/);
    expect(first!.parsed.html).toMatch(
      /background-image:url\('https:\/\/tailor\.example\/t\/o\/[^']+\.gif'\)/,
    );
    // The mailto carries the email's own token, so an emailed request names its email and campaign.
    const unsubscribe = rawHeader(first!.raw, 'List-Unsubscribe');
    expect(unsubscribe).toMatch(
      /^<https:\/\/tailor\.example\/u\/([\w-]+)>, <mailto:sender@example\.com\?subject=unsubscribe%20\1>$/,
    );
    expect(rawHeader(first!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(first!.envelope.from).toBe('sender@example.com');

    const campaignNow = (
      await t.app.inject({ url: `/api/campaigns/${campaign.id}`, headers: { cookie } })
    ).json();
    expect(campaignNow.status).toBe('completed');
    const raw = await t.app.inject({ url: `/api/emails/${rows[0]!.id}/raw`, headers: { cookie } });
    expect(raw.headers['content-type']).toBe('message/rfc822');
    expect((await simpleParser(raw.body)).messageId).toBe(rows[0]!.messageId);
    const stats = (await t.app.inject({ url: '/api/daily-email-stats', headers: { cookie } })).json();
    expect(stats.sentWithUnsubscribe).toBeGreaterThanOrEqual(12);
  });

  it('skips unsubscribed addresses at send time with the unsubscribed message', async () => {
    sink.reset();
    const campaign = await createReadyCampaign(t.ctx.db, userId, 3);
    const rows = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
    const { recipients } = await import('../src/server/db/schema');
    const [target] = await t.ctx.db.select().from(recipients).where(eq(recipients.id, rows[0]!.recipientId));
    await t.ctx.db.insert(unsubscribes).values({
      userId,
      workspaceId: await personalWorkspaceOf(t.ctx.db, userId),
      email: target!.email.toUpperCase(),
    });

    const single = await post(`/api/emails/${rows[0]!.id}/send`);
    expect(single.json()).toMatchObject({ status: 'unsubscribed', unsubscribed: true });
    await post(`/api/campaigns/${campaign.id}/send-approved`);
    await settle(t, campaign.id, 2);
    expect(sink.count()).toBe(2);
    expect(sink.messages().some((m) => m.envelope.to.includes(target!.email))).toBe(false);
    const [skipped] = await t.ctx.db.select().from(emails).where(eq(emails.id, rows[0]!.id));
    expect(skipped).toMatchObject({
      status: 'unsubscribed',
      errorMessage: 'This recipient has unsubscribed and was not sent an email.',
    });
  });

  it('sends what fits under the daily limit today and schedules the rest for the next mornings', async () => {
    const day = calendarDay('UTC');
    await t.ctx.db
      .insert(sendQuota)
      .values({ mailboxId: await defaultMailboxIdOf(t.ctx.db, userId), day, sentWithUnsubscribe: 498 })
      .onConflictDoUpdate({
        target: [sendQuota.mailboxId, sendQuota.day],
        set: { sentWithUnsubscribe: 498 },
      });
    const campaign = await createReadyCampaign(t.ctx.db, userId, 5);
    const res = (await post(`/api/campaigns/${campaign.id}/send-approved`)).json();
    expect(res).toMatchObject({ successCount: 2, scheduledCount: 3, dailyLimit: 500 });
    const tomorrow = new Date(res.scheduledFor);
    expect(tomorrow.getUTCHours()).toBe(9);
    expect(tomorrow.getTime()).toBeGreaterThan(Date.now());
    await settle(t, campaign.id, 2);
    const scheduled = (await t.app.inject({ url: '/api/scheduled-emails', headers: { cookie } })).json();
    expect(
      scheduled.items.filter((e: { campaign: { id: number } }) => e.campaign.id === campaign.id),
    ).toHaveLength(3);
    const mailboxId = await defaultMailboxIdOf(t.ctx.db, userId);
    const [quota] = await t.ctx.db.select().from(sendQuota).where(eq(sendQuota.mailboxId, mailboxId));
    expect(quota!.sentWithUnsubscribe).toBe(500);
    await t.ctx.db
      .update(sendQuota)
      .set({ sentWithUnsubscribe: 0 })
      .where(eq(sendQuota.mailboxId, mailboxId));
  });

  it('reports a permanent SMTP refusal on the email and retries a temporary one', async () => {
    sink.reset();
    const campaign = await createReadyCampaign(t.ctx.db, userId, 2);
    sink.failNext(1, 550, 'Mailbox unavailable');
    await post(`/api/campaigns/${campaign.id}/send-approved`);
    const rows = await settle(t, campaign.id, 2, ['sent', 'failed']);
    const failed = rows.filter((r) => r.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.errorMessage).toMatch(/refused the message \(550\)/);

    const retry = await createReadyCampaign(t.ctx.db, userId, 1);
    sink.failNext(1, 451, 'Try later');
    await post(`/api/campaigns/${retry.id}/send-approved`);
    const [sent] = await settle(t, retry.id, 1);
    expect(sent!.attempts).toBe(2);
  });
});

describe('the outbox for local users without SMTP', () => {
  it('stores the composed message and marks the email sent in one step', async () => {
    const t = await startTestApp('pglite', sendingEnv);
    try {
      const cookie = await t.signIn('local@localhost');
      const userId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
      const campaign = await createReadyCampaign(t.ctx.db, userId, 3);
      await t.app.inject({
        method: 'POST',
        url: `/api/campaigns/${campaign.id}/send-approved`,
        headers: { cookie },
        payload: {},
      });
      await settle(t, campaign.id, 3);
      const stored = await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.userId, userId));
      expect(stored).toHaveLength(3);
      const parsed = await simpleParser(stored[0]!.raw);
      expect(parsed.messageId).toBe(stored[0]!.messageId);
    } finally {
      await t.close();
    }
  });
});

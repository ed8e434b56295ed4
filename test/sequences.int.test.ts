import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_LIMIT_WITH_UNSUBSCRIBE } from '../src/contract/email-rules';
import { selectRows } from '../src/server/db/client';
import { emails, recipients, sendQuota } from '../src/server/db/schema';
import { sendEmailJob, sendJobsFor } from '../src/server/jobs/send-email';
import { sendQueueOn } from '../src/server/jobs/send-queue';
import { calendarDay } from '../src/server/lib/calendar-day';
import { insertUnsubscribe } from '../src/server/queries/unsubscribes';
import { parseRawMessage } from '../src/server/services/conversations/inbound-message';
import { recordInbound } from '../src/server/services/conversations/record-inbound';
import { releaseDueEmails } from '../src/server/services/sending/scheduled';
import { rawHeader, type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { createCampaignWithFollowUps, createReadyCampaign, defaultMailboxIdOf } from './support/factories';
import { uploadCsv } from './support/http';
import { waitUntil } from './support/http-client';
import { inboundFixture } from './support/inbound';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

type EmailRow = typeof emails.$inferSelect;

describe.each(testDatabases())('follow-up sequences (%s)', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  let cookie: string;
  let userId: number;
  /** The app's clock (CLOCK_OFFSET_FILE): the milliseconds it runs ahead of the real time. */
  let clockFile: string;
  const moveClockTo = (at: Date) => fs.writeFileSync(clockFile, String(at.getTime() - Date.now()));
  beforeAll(async () => {
    sink = await startSmtpSink();
    clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-clock-')), 'offset');
    t = await startTestApp(
      kind,
      { SEND_PACING: 'false', SMTP_URL: sink.url, CLOCK_OFFSET_FILE: clockFile },
      { listen: true },
    );
    cookie = await t.signIn('sender@example.com');
    userId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = cookie) =>
    t.app.inject({ method, url, headers: { cookie: as }, ...(payload && { payload }) });
  const template = async (name: string, subject: string, body: string) =>
    (
      await call('POST', '/api/templates', {
        name,
        type: 'template',
        subjectTemplate: subject,
        bodyTemplate: body,
        variables: ['email', 'first_name'],
      })
    ).json().id as number;
  const emailsOf = (campaignId: number) =>
    t.ctx.db
      .select()
      .from(emails)
      .where(eq(emails.campaignId, campaignId))
      .orderBy(emails.recipientId, emails.step);
  const waitFor = (campaignId: number, test: (rows: EmailRow[]) => boolean, what: string) =>
    waitUntil(
      async () => {
        const rows = await emailsOf(campaignId);
        return test(rows) ? rows : false;
      },
      30_000,
      what,
    );
  const release = (now: Date) => releaseDueEmails(t.ctx.db, t.ctx.sendQueue, now);

  /**
   * "Send Now" on a campaign of three recipients, and its rows once every first email settled in
   * one of `settled` (the follow-ups after them are scheduled in the same statement).
   */
  const sendFirstEmails = async (campaignId: number, settled = ['sent']) => {
    await call('POST', `/api/campaigns/${campaignId}/send-approved`);
    return waitFor(
      campaignId,
      (r) => r.filter((e) => e.step === 1 && settled.includes(e.status)).length === 3,
      'first emails settled',
    );
  };

  it('keeps follow-up steps with the campaign, up to five, each with a template of the user', async () => {
    const first = await template('First', 'Hi {{ first_name }}', '<p>Hello {{ first_name }}</p>');
    const second = await template('Second', 'ignored', '<p>Just checking in, {{ first_name }}</p>');
    const steps = [
      { delayDays: 3, businessDays: true, templateId: second },
      { delayDays: 7, businessDays: false, templateId: second },
    ];
    const created = await call('POST', '/api/campaigns', { name: 'Seq', templateId: first, steps });
    expect(created.json()).toMatchObject({
      steps,
      sendWindow: { days: [1, 2, 3, 4, 5], startMinute: 540, endMinute: 1020 },
    });
    const id = created.json().id;
    expect((await call('GET', `/api/campaigns/${id}`)).json().steps).toEqual(steps);
    const listed = (await call('GET', '/api/campaigns')).json();
    expect(listed.find((c: { id: number }) => c.id === id).steps).toEqual(steps);

    const edited = await call('PUT', `/api/campaigns/${id}`, {
      name: 'Seq',
      templateId: first,
      steps: [steps[1]],
      sendWindow: { days: [1, 3], startMinute: 600, endMinute: 720 },
    });
    expect(edited.json()).toMatchObject({
      steps: [steps[1]],
      sendWindow: { days: [1, 3], startMinute: 600, endMinute: 720 },
    });

    const six = Array.from({ length: 6 }, () => steps[0]);
    expect(
      (await call('PUT', `/api/campaigns/${id}`, { name: 'Seq', templateId: first, steps: six })).statusCode,
    ).toBe(400);
    const backwards = { days: [1], startMinute: 700, endMinute: 600 };
    const refused = await call('PUT', `/api/campaigns/${id}`, {
      name: 'Seq',
      templateId: first,
      sendWindow: backwards,
    });
    expect(refused.statusCode).toBe(400);

    const other = await t.signIn('other@example.com');
    const theirs = (
      await call(
        'POST',
        '/api/templates',
        {
          name: 'Theirs',
          type: 'template',
          subjectTemplate: 'x',
          bodyTemplate: '<p>x</p>',
          variables: ['email'],
        },
        other,
      )
    ).json().id;
    const stolen = await call('PUT', `/api/campaigns/${id}`, {
      name: 'Seq',
      templateId: first,
      steps: [{ ...steps[0], templateId: theirs }],
    });
    expect(stolen.statusCode).toBe(404);
    expect((await call('GET', `/api/campaigns/${id}`)).json().steps).toEqual([steps[1]]);
  });

  it('writes every step for every recipient, follow-ups as replies in the first email’s thread', async () => {
    const first = await template('Intro', 'Hi {{ first_name }}', '<p>Hello {{ first_name }}</p>');
    const second = await template('Nudge', 'ignored', '<p>Any thoughts, {{ first_name }}?</p>');
    const c = (
      await call('POST', '/api/campaigns', {
        name: 'Three steps',
        templateId: first,
        columnMapping: { email: 'Email', first_name: 'First Name' },
        steps: [
          { delayDays: 2, businessDays: false, templateId: second },
          { delayDays: 4, businessDays: true, templateId: second },
        ],
      })
    ).json();
    await t.ctx.db.insert(recipients).values([
      {
        campaignId: c.id,
        email: 'ada@example.com',
        data: { Email: 'ada@example.com', 'First Name': 'Ada' },
        rowNumber: 2,
      },
      {
        campaignId: c.id,
        email: 'alan@example.com',
        data: { Email: 'alan@example.com', 'First Name': 'Alan' },
        rowNumber: 3,
      },
    ]);
    await t.ctx.db.execute(sql`update campaigns set recipient_count = 2 where id = ${c.id}`);
    const res = await call('POST', `/api/campaigns/${c.id}/generate-emails`);
    expect(res.statusCode).toBe(200);
    const rows = await waitFor(c.id, (r) => r.length === 6, 'six emails written');
    expect(rows.map((r) => [r.step, r.subject, r.body])).toEqual([
      [1, 'Hi Ada', '<p>Hello Ada</p>'],
      [2, 'Re: Hi Ada', '<p>Any thoughts, Ada?</p>'],
      [3, 'Re: Hi Ada', '<p>Any thoughts, Ada?</p>'],
      [1, 'Hi Alan', '<p>Hello Alan</p>'],
      [2, 'Re: Hi Alan', '<p>Any thoughts, Alan?</p>'],
      [3, 'Re: Hi Alan', '<p>Any thoughts, Alan?</p>'],
    ]);
    const after = (await call('GET', `/api/campaigns/${c.id}`)).json();
    expect(after).toMatchObject({ status: 'ready', generation: { processed: 6, total: 6 } });

    // Editing Ada's first email leaves her follow-ups as they were…
    const [adaFirst, adaSecond, adaThird] = rows as [EmailRow, EmailRow, EmailRow];
    const edit = { subject: 'Hi Ada, about Q4', body: '<p>Hello Ada, a new idea</p>', isEdited: true };
    expect((await call('PUT', `/api/emails/${adaFirst.id}`, edit)).statusCode).toBe(200);
    await call('PUT', `/api/emails/${adaSecond.id}`, { isApproved: true });
    expect((await emailsOf(c.id)).find((e) => e.id === adaSecond.id)).toMatchObject({
      subject: 'Re: Hi Ada',
    });
    // …until the user regenerates step 2: rewritten from the current thread, back in review.
    const regenerated = await call('POST', `/api/campaigns/${c.id}/regenerate-step`, { step: 2 });
    expect(regenerated.json()).toEqual({ regenerating: 2 });
    const rewritten = await waitFor(
      c.id,
      (r) => r.length === 6 && r.every((e) => e.id !== adaSecond.id),
      'step 2 written again',
    );
    expect(rewritten.filter((e) => e.step === 2).map((e) => [e.subject, e.isApproved])).toEqual([
      ['Re: Hi Ada, about Q4', false],
      ['Re: Hi Alan', false],
    ]);
    expect(rewritten.find((e) => e.id === adaThird.id)).toMatchObject({ subject: 'Re: Hi Ada' });
    await waitUntil(
      async () => (await call('GET', `/api/campaigns/${c.id}`)).json().status === 'ready',
      30_000,
      'generation done',
    );
    expect((await call('POST', `/api/campaigns/${c.id}/regenerate-step`, { step: 4 })).json()).toMatchObject({
      message: 'This campaign has no step 4',
    });
  });

  it("keeps a mapping only a follow-up's template uses, and writes that step from the mapped column", async () => {
    const first = await template('Opener', 'Hi {{ first_name }}', '<p>Hello {{ first_name }}</p>');
    const followUp = (
      await call('POST', '/api/templates', {
        name: 'Org check-in',
        type: 'template',
        subjectTemplate: 'ignored',
        bodyTemplate: '<p>How is {{ company_name }} doing?</p>',
        variables: ['email', 'company_name'],
      })
    ).json().id as number;
    // "Organisation" is no snake_case of company_name: only the mapping gives step 2 its value.
    const mapping = { email: 'Email', first_name: 'First Name', company_name: 'Organisation' };
    const c = (
      await call('POST', '/api/campaigns', {
        name: 'Org follow-up',
        templateId: first,
        columnMapping: mapping,
        steps: [{ delayDays: 2, businessDays: false, templateId: followUp }],
      })
    ).json();
    expect(c.columnMapping).toEqual(mapping);
    // An edit without steps checks the mapping against the follow-ups the campaign already has.
    const edited = await call('PUT', `/api/campaigns/${c.id}`, {
      name: 'Org follow-up',
      templateId: first,
      columnMapping: { ...mapping, phone: 'Tel' },
    });
    expect(edited.json().columnMapping).toEqual(mapping);

    const csv = [
      'Email,First Name,Organisation',
      'ada@example.com,Ada,Analytical Engines',
      'alan@example.com,Alan,Bletchley Park',
    ].join('\n');
    const up = await uploadCsv(t, cookie, c.id, csv, mapping);
    expect(up.body).toMatchObject({ imported: 2, skipped: 0 });
    expect((await call('GET', `/api/campaigns/${c.id}`)).json().columnMapping).toEqual(mapping);

    expect((await call('POST', `/api/campaigns/${c.id}/generate-emails`)).statusCode).toBe(200);
    const rows = await waitFor(c.id, (r) => r.length === 4, 'four emails written');
    expect(rows.map((r) => [r.step, r.body, r.attentionReason])).toEqual([
      [1, '<p>Hello Ada</p>', null],
      [2, '<p>How is Analytical Engines doing?</p>', null],
      [1, '<p>Hello Alan</p>', null],
      [2, '<p>How is Bletchley Park doing?</p>', null],
    ]);
  });

  it("imports each recipient's time zone from a timezone column, naming every row whose value it ignored", async () => {
    const first = await template('Zones', 'Hi {{ first_name }}', '<p>Hello</p>');
    const c = (
      await call('POST', '/api/campaigns', {
        name: 'Zones',
        templateId: first,
        columnMapping: { email: 'Email', first_name: 'Name' },
      })
    ).json();
    const csv = [
      'Email,Name,Time Zone',
      'tokyo@example.com,Ken,Asia/Tokyo',
      'berlin@example.com,Eva,europe/berlin',
      'mars@example.com,Zed,Mars/Olympus_Mons',
      'offset@example.com,Oda,+01:00',
      'none@example.com,Nia,',
    ].join('\n');
    const up = await uploadCsv(t, cookie, c.id, csv);
    expect(up.body).toMatchObject({ imported: 5, skipped: 0 });
    expect(up.body.warnings).toEqual([
      {
        row: 4,
        email: 'mars@example.com',
        reason: 'Unknown time zone "Mars/Olympus_Mons": the sender\'s time zone is used for this recipient',
      },
      {
        row: 5,
        email: 'offset@example.com',
        reason: 'Unknown time zone "+01:00": the sender\'s time zone is used for this recipient',
      },
    ]);
    const zones = await t.ctx.db
      .select({ email: recipients.email, timeZone: recipients.timeZone })
      .from(recipients)
      .where(eq(recipients.campaignId, c.id))
      .orderBy(recipients.rowNumber);
    expect(zones.map((z) => z.timeZone)).toEqual(['Asia/Tokyo', 'Europe/Berlin', null, null, null]);
  });

  it('sends an approved follow-up when due, in the thread, once; never after a reply, never unapproved', async () => {
    sink.reset();
    const campaign = await createCampaignWithFollowUps(t.ctx.db, userId);
    const sent = await call('POST', `/api/campaigns/${campaign.id}/send-approved`);
    expect(sent.json()).toMatchObject({ successCount: 3, followUpCount: 2 });
    const rows = await waitFor(
      campaign.id,
      (r) => r.filter((e) => e.step === 1 && e.status === 'sent').length === 3,
      'first emails sent',
    );
    const [ada, adaNext, bob, bobNext, carol, carolNext] = rows as [
      EmailRow,
      EmailRow,
      EmailRow,
      EmailRow,
      EmailRow,
      EmailRow,
    ];
    expect(sink.count()).toBe(3);
    // Due two days after each first email went out (UTC, inside Monday to Friday 09:00–17:00).
    for (const [step1, step2] of [
      [ada, adaNext],
      [bob, bobNext],
    ] as const) {
      expect(step2).toMatchObject({ status: 'scheduled' });
      const [expected] = await selectRows<{ due: string | Date }>(
        t.ctx.db,
        sql`select follow_up_due(${step1.sentAt!.toISOString()}::timestamptz, 2, false, 'UTC', '[1,2,3,4,5]'::jsonb, 540, 1020) as due`,
      );
      // Plus a random gap of under 20 minutes, which keeps it inside the window (09:00–17:00 UTC).
      const gap = new Date(step2.scheduledFor!).getTime() - new Date(expected!.due).getTime();
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThan(20 * 60_000);
      const minutes = step2.scheduledFor!.getUTCHours() * 60 + step2.scheduledFor!.getUTCMinutes();
      expect(minutes >= 540 && minutes < 1020).toBe(true);
    }
    expect(carolNext).toMatchObject({ status: 'draft', isApproved: false });

    // Ada answers: her follow-up stops at once, with the reason.
    const reply = await parseRawMessage(
      [
        `From: Ada <${await recipientEmail(ada.recipientId)}>`,
        'To: sender@example.com',
        `Subject: Re: ${ada.subject}`,
        'Message-ID: <ada-reply@example.org>',
        `In-Reply-To: ${ada.messageId}`,
        'Date: Wed, 2 Dec 2026 10:00:00 +0000',
        '',
        'Sounds good, let us talk.',
      ].join('\r\n'),
    );
    await recordInbound(
      t.ctx.db,
      { userId, address: 'sender@example.com' },
      { key: 'ada-reply', receivedAt: new Date('2026-12-03T10:00:00Z'), link: null },
      reply,
    );
    const [stopped] = await t.ctx.db.select().from(emails).where(eq(emails.id, adaNext!.id));
    expect(stopped).toMatchObject({ status: 'stopped', errorMessage: 'Stopped: replied on 3 Dec' });

    // Nothing is due yet; then the app's clock passes Bob's due time, and the release job sends it.
    expect(await release(new Date())).toBe(0);
    moveClockTo(new Date(bobNext!.scheduledFor!.getTime() + 60_000));
    const done = await waitFor(
      campaign.id,
      (r) => r.find((e) => e.id === bobNext!.id)?.status === 'sent',
      "Bob's follow-up sent",
    );
    expect(sink.count()).toBe(4);
    const followUp = sink.messages().at(-1)!;
    expect(followUp.envelope.to).toEqual([await recipientEmail(bob.recipientId)]);
    expect(rawHeader(followUp.raw, 'In-Reply-To')).toBe(bob.messageId);
    expect(rawHeader(followUp.raw, 'References')).toBe(bob.messageId);
    expect(rawHeader(followUp.raw, 'Subject')).toBe(`Re: ${bob.subject}`);
    expect(done.find((e) => e.id === carolNext!.id)).toMatchObject({ status: 'draft' });
    expect(done.find((e) => e.id === carol.id)).toMatchObject({ status: 'sent' });

    // Released again, nothing goes twice.
    expect(await release(new Date(Date.now() + 30 * 86_400_000))).toBe(0);
    expect(sink.count()).toBe(4);
    moveClockTo(new Date());

    // Bob leaves from the follow-up: where in the sequence people answered and left.
    await insertUnsubscribe(t.ctx.db, {
      userId,
      workspaceId: campaign.workspaceId,
      email: await recipientEmail(bob.recipientId),
      campaignId: campaign.id,
      emailId: bobNext!.id,
      reason: 'link',
    });
    const steps = (await call('GET', `/api/campaigns/${campaign.id}/step-stats`)).json();
    expect(steps).toEqual([
      { step: 1, sent: 3, replied: 1, replyRate: 1 / 3, bounced: 0, bounceRate: 0, unsubscribed: 0 },
      { step: 2, sent: 1, replied: 0, replyRate: 0, bounced: 0, bounceRate: 0, unsubscribed: 1 },
    ]);
  });

  it('releases due follow-ups together with their send jobs, or not at all', async () => {
    sink.reset();
    const campaign = await createCampaignWithFollowUps(t.ctx.db, userId);
    const rows = await sendFirstEmails(campaign.id);
    const due = rows.filter((e) => e.step === 2 && e.status === 'scheduled');
    expect(due).toHaveLength(2);
    const at = new Date(Math.max(...due.map((e) => e.scheduledFor!.getTime())) + 60_000);
    // Storing the send jobs fails after the emails were moved to queued, as a worker killed
    // between the two would: the move is undone with them.
    const failing = sendQueueOn({
      ...t.ctx.jobs,
      enqueueMany: async () => {
        throw new Error('worker killed');
      },
    });
    await expect(releaseDueEmails(t.ctx.db, failing, at)).rejects.toThrow('worker killed');
    const after = await emailsOf(campaign.id);
    expect(after.filter((e) => due.some((d) => d.id === e.id)).map((e) => e.status)).toEqual([
      'scheduled',
      'scheduled',
    ]);
    // The next release sends them, once.
    expect(await release(at)).toBe(2);
    await waitFor(
      campaign.id,
      (r) => r.filter((e) => e.step === 2 && e.status === 'sent').length === 2,
      'the follow-ups sent',
    );
    expect(sink.count()).toBe(5);
  });

  it('holds the next follow-up until after the day an out-of-office reply says its writer is back', async () => {
    const campaign = await createCampaignWithFollowUps(t.ctx.db, userId);
    const rows = await sendFirstEmails(campaign.id);
    const [ada, adaNext, , bobNext] = rows as [EmailRow, EmailRow, EmailRow, EmailRow];
    const back = new Date(Date.now() + 20 * 86_400_000);
    const backText = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(back);
    const outOfOffice = await parseRawMessage(
      [
        `From: Ada <${await recipientEmail(ada.recipientId)}>`,
        'To: sender@example.com',
        `Subject: Automatic reply: ${ada.subject}`,
        'Message-ID: <ada-away@example.org>',
        `In-Reply-To: ${ada.messageId}`,
        'Auto-Submitted: auto-replied',
        `Date: ${new Date().toUTCString()}`,
        '',
        `I am out of the office and will be back on ${backText}.`,
      ].join('\r\n'),
    );
    await recordInbound(
      t.ctx.db,
      { userId, address: 'sender@example.com' },
      { key: 'ada-away', receivedAt: new Date(), link: null },
      outOfOffice,
    );
    // The day after, at the window's opening (09:00, the sender's zone is UTC), Monday to Friday.
    const expected = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth(), back.getUTCDate() + 1, 9));
    while ([0, 6].includes(expected.getUTCDay())) expected.setUTCDate(expected.getUTCDate() + 1);
    const after = await emailsOf(campaign.id);
    expect(after.find((e) => e.id === adaNext.id)).toMatchObject({
      status: 'scheduled',
      scheduledFor: expected,
    });
    // An auto-reply is no reply: nothing stopped, and Bob's follow-up did not move.
    expect(after.find((e) => e.id === bobNext.id)!.scheduledFor).toEqual(bobNext.scheduledFor);
  });

  it('shares the daily limit between first emails and follow-ups sent at once; the rest wait, follow-ups for their window', async () => {
    // Room for one more email today; five are sent at once.
    sink.reset();
    const sender = await t.signIn('limits@example.com');
    const senderId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie: sender } })).json().id;
    // Two follow-ups whose first emails went out three days ago, due now.
    const sequence = await createCampaignWithFollowUps(t.ctx.db, senderId);
    await t.ctx.db.execute(
      sql`update emails set status = 'waiting' where campaign_id = ${sequence.id} and step = 2 and is_approved`,
    );
    await t.ctx.db.execute(sql`
      update emails set status = 'sent', sent_at = now() - interval '3 days', message_id = '<' || id || '@limits.example>'
      where campaign_id = ${sequence.id} and step = 1`);
    const followUps = (await emailsOf(sequence.id)).filter((e) => e.step === 2 && e.status === 'scheduled');
    expect(followUps).toHaveLength(2);
    // Three first emails of another campaign, queued at the same moment.
    const firsts = await emailsOf((await createReadyCampaign(t.ctx.db, senderId, 3)).id);
    const ids = [...followUps, ...firsts].map((e) => e.id);
    await t.ctx.db
      .update(emails)
      .set({ status: 'queued', scheduledFor: null })
      .where(inArray(emails.id, ids));
    const mailboxId = await defaultMailboxIdOf(t.ctx.db, senderId);
    await t.ctx.db.insert(sendQuota).values({
      mailboxId,
      day: calendarDay('UTC'),
      sentWithUnsubscribe: DAILY_LIMIT_WITH_UNSUBSCRIBE - 1,
    });
    await t.ctx.jobs.enqueueMany(sendEmailJob, sendJobsFor(ids));

    const settled = await waitUntil(
      async () => {
        const rows = await t.ctx.db.select().from(emails).where(inArray(emails.id, ids));
        return rows.every((e) => ['sent', 'scheduled'].includes(e.status)) ? rows : false;
      },
      30_000,
      'all five settled',
    );
    expect(settled.filter((e) => e.status === 'sent')).toHaveLength(1);
    expect(sink.count()).toBe(1);
    const [quota] = await t.ctx.db.select().from(sendQuota).where(eq(sendQuota.mailboxId, mailboxId));
    expect(quota!.sentWithUnsubscribe).toBe(DAILY_LIMIT_WITH_UNSUBSCRIBE);
    // What did not fit waits: a first email for tomorrow 09:00, a follow-up for its window (Monday to Friday).
    const waiting = settled.filter((r) => r.status === 'scheduled');
    expect(waiting.some((e) => e.step === 2)).toBe(true);
    for (const e of waiting) {
      const at = e.scheduledFor!;
      expect(at.getTime()).toBeGreaterThan(Date.now());
      expect(at.getUTCHours()).toBe(9);
      if (e.step > 1) expect([1, 2, 3, 4, 5]).toContain(at.getUTCDay());
    }
  });

  it('stops follow-ups on a hard bounce and on an unsubscribe, each with its reason', async () => {
    const campaign = await createCampaignWithFollowUps(t.ctx.db, userId);
    const rows = await sendFirstEmails(campaign.id);
    const [ada, adaNext, bob, bobNext] = rows as [EmailRow, EmailRow, EmailRow, EmailRow];
    // Ada's server refuses the address for good (Postfix's report, quoting our Message-ID).
    const bounce = inboundFixture('postfix-bounce-5.1.1')
      .toString('utf8')
      .replaceAll('<tailor.123.abc@mail.example.com>', ada.messageId!)
      .replaceAll('bob@martin-sons.example', await recipientEmail(ada.recipientId));
    await recordInbound(
      t.ctx.db,
      { userId, address: 'sender@example.com' },
      { key: `bounce-${ada.id}`, receivedAt: new Date('2026-12-01T08:00:00Z'), link: null },
      await parseRawMessage(bounce),
    );
    // Bob unsubscribes with the link in his first email.
    const [bobRow] = await t.ctx.db.select().from(emails).where(eq(emails.id, bob.id));
    expect(
      (await t.app.inject({ method: 'POST', url: `/u/${bobRow!.trackingToken}` })).statusCode,
    ).toBeLessThan(400);

    const after = await emailsOf(campaign.id);
    expect(after.find((e) => e.id === adaNext.id)).toMatchObject({
      status: 'stopped',
      errorMessage: 'Stopped: bounced on 1 Dec',
    });
    expect(after.find((e) => e.id === bobNext.id)).toMatchObject({
      status: 'stopped',
      errorMessage: expect.stringMatching(/^Stopped: unsubscribed on \d{1,2} [A-Z][a-z]{2}$/),
    });
  });

  it('stops a follow-up at the send itself when a reply came after it was queued', async () => {
    sink.reset();
    const campaign = await createCampaignWithFollowUps(t.ctx.db, userId);
    const rows = await sendFirstEmails(campaign.id);
    const [ada, adaNext] = rows as [EmailRow, EmailRow];
    // The reply lands between the release and the claim: only the claim can see it.
    await t.ctx.db
      .update(emails)
      .set({ status: 'queued', scheduledFor: null })
      .where(eq(emails.id, adaNext.id));
    await t.ctx.db
      .update(emails)
      .set({ repliedAt: new Date('2026-12-04T12:00:00Z') })
      .where(eq(emails.id, ada.id));
    await t.ctx.jobs.enqueueMany(sendEmailJob, sendJobsFor([adaNext.id]));
    const [stopped] = await waitUntil(
      async () => {
        const found = await t.ctx.db
          .select()
          .from(emails)
          .where(and(eq(emails.id, adaNext.id), eq(emails.status, 'stopped')));
        return found.length ? found : false;
      },
      30_000,
      'the follow-up stopped',
    );
    expect(stopped!.errorMessage).toBe('Stopped: replied on 4 Dec');
    expect(sink.count()).toBe(3);
  });

  it('moves the sequence on however the step before ends: a refusal stops it, "mark as sent" schedules it', async () => {
    sink.reset();
    const campaign = await createCampaignWithFollowUps(t.ctx.db, userId);
    // The first recipient's first email is refused for good by the server.
    sink.failNext(1, 550, 'No such user');
    const rows = await sendFirstEmails(campaign.id, ['sent', 'failed']);
    const failed = rows.find((e) => e.step === 1 && e.status === 'failed')!;
    const afterFailed = rows.find((e) => e.recipientId === failed.recipientId && e.step === 2)!;
    expect(afterFailed).toMatchObject({
      status: 'stopped',
      errorMessage: 'Stopped: the email before it was not sent',
    });

    // Another's delivery became unknown; the user knows it arrived and says so.
    const unknown = rows.find(
      (e) => e.step === 1 && e.status === 'sent' && e.recipientId !== failed.recipientId,
    )!;
    const next = rows.find((e) => e.recipientId === unknown.recipientId && e.step === 2)!;
    await t.ctx.db.update(emails).set({ status: 'unknown' }).where(eq(emails.id, unknown.id));
    await t.ctx.db
      .update(emails)
      .set({ status: 'waiting', scheduledFor: null })
      .where(eq(emails.id, next.id));
    const resolved = await call('POST', `/api/emails/${unknown.id}/resolve`, { action: 'mark-sent' });
    expect(resolved.json()).toMatchObject({ status: 'sent' });
    const [scheduled] = await t.ctx.db.select().from(emails).where(eq(emails.id, next.id));
    expect(scheduled).toMatchObject({ status: 'scheduled' });
    expect(scheduled!.scheduledFor!.getTime()).toBeGreaterThan(Date.now() + 86_400_000);
  });

  it('shows where each recipient stands, and stops one recipient or the whole sequence', async () => {
    sink.reset();
    const campaign = await createCampaignWithFollowUps(t.ctx.db, userId);
    const rows = await sendFirstEmails(campaign.id);
    const [ada, adaNext, bob, bobNext, carol] = rows as [EmailRow, EmailRow, EmailRow, EmailRow, EmailRow];
    const sequence = (await call('GET', `/api/campaigns/${campaign.id}/sequence`)).json();
    expect(sequence.total).toBe(3);
    expect(sequence.items).toEqual([
      {
        recipientId: ada.recipientId,
        email: await recipientEmail(ada.recipientId),
        state: 'active',
        sentSteps: 1,
        nextStep: 2,
        dueAt: adaNext.scheduledFor!.toISOString(),
        reason: null,
      },
      expect.objectContaining({
        recipientId: bob.recipientId,
        state: 'active',
        dueAt: bobNext.scheduledFor!.toISOString(),
      }),
      // Carol's follow-up was never approved: it is next, but nothing makes it due.
      expect.objectContaining({ recipientId: carol.recipientId, state: 'active', nextStep: 2, dueAt: null }),
    ]);

    // Another user can neither stop this campaign's recipients nor reach them through a campaign of theirs.
    const other = await t.signIn('intruder@example.com');
    const theirs = (await call('POST', '/api/campaigns', { name: 'Theirs', templateId: null }, other)).json();
    const stopAs = (campaignId: number, recipientId: number, as = cookie) =>
      call('POST', `/api/campaigns/${campaignId}/recipients/${recipientId}/stop`, undefined, as);
    expect((await stopAs(campaign.id, ada.recipientId, other)).statusCode).toBe(404);
    expect((await stopAs(theirs.id, ada.recipientId, other)).statusCode).toBe(404);
    expect((await stopAs(campaign.id, 999_999_999)).statusCode).toBe(404);

    const today = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date());
    const stopped = await stopAs(campaign.id, ada.recipientId);
    expect(stopped.json()).toMatchObject({
      state: 'stopped',
      reason: `Stopped by you on ${today}`,
      nextStep: null,
    });
    const all = await call('POST', `/api/campaigns/${campaign.id}/sequence/stop`);
    expect(all.json()).toEqual({ stopped: 2 });
    const after = (await call('GET', `/api/campaigns/${campaign.id}/sequence`)).json();
    expect(after.items.map((i: { state: string }) => i.state)).toEqual(['stopped', 'stopped', 'stopped']);

    // However late the clock, a stopped follow-up is not released (other tests' follow-ups may be).
    await release(new Date(Date.now() + 30 * 86_400_000));
    const followUps = (await emailsOf(campaign.id)).filter((e) => e.step === 2);
    expect(followUps.map((e) => e.status)).toEqual(['stopped', 'stopped', 'stopped']);
  });

  it('sets each follow-up’s due time by its delay, business days and the window, in three zones across a clock change', async () => {
    const weekdays = '[1,2,3,4,5]';
    const due = async (sent: string, days: number, business: boolean, zone: string, window = weekdays) => {
      const [row] = await selectRows<{ due: string | Date }>(
        t.ctx.db,
        sql`select follow_up_due(${sent}::timestamptz, ${days}::integer, ${business}::boolean, ${zone}::text,
                                 ${window}::jsonb, 540, 1020) as due`,
      );
      return new Date(row!.due).toISOString();
    };
    // Friday 10:30: one business day is Monday, at the same time.
    expect(await due('2026-11-27T10:30:00Z', 1, true, 'UTC')).toBe('2026-11-30T10:30:00.000Z');
    // Two calendar days is a Sunday: the window opens Monday at 09:00.
    expect(await due('2026-11-27T10:30:00Z', 2, false, 'UTC')).toBe('2026-11-30T09:00:00.000Z');
    // Sent after hours: the due time is after hours too, so the next morning.
    expect(await due('2026-11-25T18:00:00Z', 1, false, 'UTC')).toBe('2026-11-27T09:00:00.000Z');
    // A window of Saturdays only.
    expect(await due('2026-11-23T12:00:00Z', 1, false, 'UTC', '[6]')).toBe('2026-11-28T09:00:00.000Z');
    // New York leaves daylight saving time on Sunday 1 November: 10:00 stays 10:00 local.
    expect(await due('2026-10-30T14:00:00Z', 3, false, 'America/New_York')).toBe('2026-11-02T15:00:00.000Z');
    // Berlin leaves it on Sunday 25 October: a business day after Friday 10:00 is Monday 10:00.
    expect(await due('2026-10-23T08:00:00Z', 1, true, 'Europe/Berlin')).toBe('2026-10-26T09:00:00.000Z');
    // Sydney enters it on Sunday 4 October: Friday 09:30 plus three days is Monday 09:30, an hour earlier in UTC.
    expect(await due('2026-10-01T23:30:00Z', 3, false, 'Australia/Sydney')).toBe('2026-10-04T22:30:00.000Z');
  });

  async function recipientEmail(id: number) {
    const [row] = await t.ctx.db.select().from(recipients).where(eq(recipients.id, id));
    return row!.email;
  }
});

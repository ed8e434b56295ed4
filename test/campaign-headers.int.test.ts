import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';
import { campaigns, emails, recipients, senderSettings, unsubscribes } from '../src/server/db/schema';
import { isIpAddress, messageIdDomainFor } from '../src/server/lib/message-id-domain';
import { rawHeader, type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { createReadyCampaign, createSenderSettings, personalWorkspaceOf } from './support/factories';
import { waitUntil } from './support/http-client';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

/** PUBLIC_URL on an IP address and no MAIL_DOMAIN: Message-IDs must still be on a name. */
const PUBLIC_URL = 'http://127.0.0.1:5999';
const FOOTER_WITH_PLACEHOLDER = 'Acme\n1 Main St\nYou received this email because [reason].';

/** RFC 2047 Q-encoded words back to text (the space between two adjacent words is not part of the text). */
function decodeWords(value: string) {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) =>
    Buffer.from(
      q
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
}
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(testDatabases())('campaign headers, open tracking and placeholders (%s)', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  let cookie: string;
  let userId: number;
  const logLines: string[] = [];
  const domain = messageIdDomainFor({ mail: {}, publicUrl: new URL(PUBLIC_URL) }).domain;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const log = pino(
      { level: 'warn' },
      new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    );
    t = await startTestApp(
      kind,
      { SEND_PACING: 'false', SMTP_URL: sink.url, PUBLIC_URL, MAIL_DOMAIN: '' },
      { log },
    );
    cookie = await t.signIn('headers@example.com');
    userId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const call = (method: 'POST' | 'PUT', url: string, payload: object = {}) =>
    t.app.inject({ method, url, headers: { cookie }, payload });

  async function sentRows(campaignId: number, count: number, statuses = ['sent']) {
    return waitUntil(
      async () => {
        const rows = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaignId));
        return rows.filter((r) => statuses.includes(r.status)).length >= count ? rows : false;
      },
      30_000,
      `${count} emails of campaign ${campaignId} ${statuses.join('/')}`,
    );
  }

  async function recipientsOf(campaignId: number) {
    return t.ctx.db.select().from(recipients).where(eq(recipients.campaignId, campaignId));
  }

  it('names the campaign in List-Id and makes Message-IDs on a domain name, never the IP', async () => {
    sink.reset();
    const campaign = await createReadyCampaign(t.ctx.db, userId, 2, { name: 'Spring "launch" — café' });
    await call('POST', `/api/campaigns/${campaign.id}/send-approved`);
    const rows = await sentRows(campaign.id, 2);

    expect(isIpAddress(domain)).toBe(false);
    expect(logLines.join('')).toContain(
      `MAIL_DOMAIN is not set and PUBLIC_URL's host is an IP address: Message-IDs use ${domain}; set MAIL_DOMAIN to your sending domain`,
    );
    const messages = sink.messages();
    expect(messages).toHaveLength(2);
    for (const message of messages) {
      expect(message.messageId).toMatch(new RegExp(`^<[0-9a-f]{32}@${escaped(domain)}>$`));
      expect(rows.some((r) => r.messageId === message.messageId)).toBe(true);
      // Non-ASCII names go out as encoded words; the id stays plain.
      const listId = rawHeader(message.raw, 'List-Id')!;
      expect(listId).toMatch(new RegExp(`^=\\?UTF-8\\?Q\\?.+\\?= <c${campaign.id}\\.${escaped(domain)}>$`));
      expect(decodeWords(listId)).toBe(`Spring "launch" — café <c${campaign.id}.${domain}>`);
    }
  });

  it('stores each message exactly as the mail server received it, with CRLF line ends only', async () => {
    sink.reset();
    const campaign = await createReadyCampaign(t.ctx.db, userId, 3, {
      name: 'Raw copies',
      unsubscribeMessage: 'Acme\n1 Main St\nSpringfield',
    });
    // Bare line feeds in the email itself, as AI output and editors write them.
    await t.ctx.db
      .update(emails)
      .set({ body: '<p>Hi there,</p>\n<p>Two\nlines</p>\r<p>end</p>' })
      .where(eq(emails.campaignId, campaign.id));
    await call('POST', `/api/campaigns/${campaign.id}/send-approved`);
    const rows = await sentRows(campaign.id, 3);
    for (const row of rows) {
      const received = sink.messages().find((m) => m.messageId === row.messageId);
      expect(received).toBeDefined();
      expect(row.rawMessage).toBe(received!.raw);
      expect(row.rawMessage).not.toMatch(/[^\r]\n/);
      expect(row.rawMessage).not.toMatch(/\r(?!\n)/);
      const download = await t.app.inject({ url: `/api/emails/${row.id}/raw`, headers: { cookie } });
      expect(download.body).toBe(received!.raw);
    }
  });

  it('adds the open pixel only when the campaign tracks opens', async () => {
    sink.reset();
    const tracked = await createReadyCampaign(t.ctx.db, userId, 1, { name: 'Tracked' });
    const untracked = await createReadyCampaign(t.ctx.db, userId, 1, {
      name: 'Untracked',
      trackOpens: false,
    });
    await call('POST', `/api/campaigns/${tracked.id}/send-approved`);
    await call('POST', `/api/campaigns/${untracked.id}/send-approved`);
    await sentRows(tracked.id, 1);
    await sentRows(untracked.id, 1);

    const parsed = await sink.parsedMessages();
    const htmlOf = async (campaignId: number) => {
      const [to] = await recipientsOf(campaignId);
      return parsed.find((m) => m.envelope.to.includes(to!.email))?.parsed.html || '';
    };
    expect(await htmlOf(tracked.id)).toMatch(/background="http:\/\/127\.0\.0\.1:5999\/t\/o\/[^"]+\.gif"/);
    const plain = await htmlOf(untracked.id);
    expect(plain).toContain('Hi there');
    expect(plain).not.toContain('/t/o/');
    expect(plain).not.toContain('background');
  });

  it('saves the tracking switch through the API: on by default, kept when an edit leaves it out', async () => {
    const created = (await call('POST', '/api/campaigns', { name: 'Switch', templateId: null })).json();
    expect(created.trackOpens).toBe(true);
    const off = await call('PUT', `/api/campaigns/${created.id}`, {
      name: 'Switch',
      templateId: null,
      trackOpens: false,
    });
    expect(off.json().trackOpens).toBe(false);
    const renamed = await call('PUT', `/api/campaigns/${created.id}`, { name: 'Switch 2', templateId: null });
    expect(renamed.json()).toMatchObject({ name: 'Switch 2', trackOpens: false });
  });

  it('refuses to approve, send or schedule while the footer holds a default placeholder, and sends nothing', async () => {
    sink.reset();
    const campaign = await createReadyCampaign(t.ctx.db, userId, 2, {
      name: 'Unfilled footer',
      unsubscribeMessage: FOOTER_WITH_PLACEHOLDER,
    });
    const [first] = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
    const message =
      'The unsubscribe footer still contains the placeholder "[reason]": replace it with your own text before sending.';
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const attempts = [
      call('POST', `/api/campaigns/${campaign.id}/approve-all`),
      call('PUT', `/api/emails/${first!.id}`, { isApproved: true }),
      call('POST', `/api/campaigns/${campaign.id}/send-approved`),
      call('POST', `/api/campaigns/${campaign.id}/send-approved`, { scheduledFor: tomorrow }),
      call('POST', `/api/emails/${first!.id}/send`),
      call('POST', `/api/emails/${first!.id}/send`, { scheduledFor: tomorrow }),
      call('PUT', `/api/emails/${first!.id}`, { scheduledFor: tomorrow }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const rows = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
    expect(rows.map((r) => r.status)).toEqual(['draft', 'draft']);
    expect(sink.count()).toBe(0);

    // Un-approving is never refused.
    expect((await call('PUT', `/api/emails/${first!.id}`, { isApproved: false })).statusCode).toBe(200);
  });

  it('sends a new campaign without a footer edit once every Settings field is filled', async () => {
    sink.reset();
    const own = await t.signIn('complete@example.com');
    const ownId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie: own } })).json().id;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/sender-settings',
      headers: { cookie: own },
      payload: {
        name: 'Maya Patel',
        signature: '<p>Best, Maya</p>',
        companyName: 'Acme',
        streetAddress: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
        phoneNumber: '+1 217 555 0142',
        recipientReason: 'you signed up for updates at acme.com',
      },
    });
    expect(saved.statusCode).toBe(200);
    // The editor gives a new campaign the default footer as it stands; nobody edits it.
    const footer: string = saved.json().defaultUnsubscribeMessage;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: { cookie: own },
      payload: { name: 'Complete settings', templateId: null, unsubscribeMessage: footer },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();
    const [stored] = await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(stored!.unsubscribeMessage).toBe(footer);
    const campaign = await createReadyCampaign(t.ctx.db, ownId, 1, { unsubscribeMessage: footer });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/send-approved`,
      headers: { cookie: own },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().successCount).toBe(1);
    await sentRows(campaign.id, 1);
    const body = sink.messages()[0]!.raw.replace(/=\r?\n/g, '');
    expect(body).toContain('You received this email because you signed up for updates at acme.com.');
    expect(body).not.toContain('[reason]');
  });

  it("refuses an email whose own text holds a placeholder, naming its recipient, but not brackets of the user's", async () => {
    sink.reset();
    const campaign = await createReadyCampaign(t.ctx.db, userId, 2, {
      name: 'Unfilled body',
      unsubscribeMessage: 'Acme [EU] Ltd\n1 Main St',
    });
    const rows = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
    await t.ctx.db
      .update(emails)
      .set({ body: '<p>See you in [city]!</p>' })
      .where(eq(emails.id, rows[1]!.id));
    const to = (await recipientsOf(campaign.id)).find((r) => r.id === rows[1]!.recipientId);

    const res = await call('POST', `/api/campaigns/${campaign.id}/send-approved`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `The email to ${to!.email} still contains the placeholder "[City]": replace it with your own text before sending.`,
    );
    const single = await call('POST', `/api/emails/${rows[1]!.id}/send`);
    expect(single.json().message).toBe(
      'This email still contains the placeholder "[City]": replace it with your own text before sending.',
    );
    expect(sink.count()).toBe(0);
    // Approving it again is refused the same way; un-approving never is.
    expect((await call('PUT', `/api/emails/${rows[1]!.id}`, { isApproved: false })).statusCode).toBe(200);
    const approve = await call('PUT', `/api/emails/${rows[1]!.id}`, { isApproved: true });
    expect(approve.statusCode).toBe(400);
    expect(approve.json().message).toBe(single.json().message);

    await t.ctx.db.update(emails).set({ body: '<p>See you in Lyon!</p>' }).where(eq(emails.id, rows[1]!.id));
    expect((await call('PUT', `/api/emails/${rows[1]!.id}`, { isApproved: true })).statusCode).toBe(200);
    expect((await call('POST', `/api/campaigns/${campaign.id}/send-approved`)).json().successCount).toBe(2);
    await sentRows(campaign.id, 2);
  });

  it('refuses to approve or send while the signature still holds the default "[Your Name]"', async () => {
    sink.reset();
    await createSenderSettings(t.ctx.db, userId, { signature: '<p>Best Regards, [Your Name]</p>' });
    try {
      const campaign = await createReadyCampaign(t.ctx.db, userId, 1, {
        unsubscribeMessage: 'Acme\n1 Main St',
      });
      const [email] = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
      const message =
        'Your signature (in Settings) still contains the placeholder "[Your Name]": replace it with your own text before sending.';
      for (const res of [
        await call('POST', `/api/campaigns/${campaign.id}/send-approved`),
        await call('POST', `/api/emails/${email!.id}/send`),
        await call('PUT', `/api/emails/${email!.id}`, { isApproved: true }),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect(sink.count()).toBe(0);
      await t.ctx.db
        .update(senderSettings)
        .set({ signature: '<p>Best regards, Pat</p>' })
        .where(eq(senderSettings.userId, userId));
      expect((await call('POST', `/api/campaigns/${campaign.id}/send-approved`)).json().successCount).toBe(1);
      await sentRows(campaign.id, 1);
    } finally {
      await t.ctx.db.delete(senderSettings).where(eq(senderSettings.userId, userId));
    }
  });

  it('counts only emails that will go out in successCount: suppressed recipients are settled at once', async () => {
    sink.reset();
    const campaign = await createReadyCampaign(t.ctx.db, userId, 3, { name: 'With an unsubscriber' });
    const [gone] = await recipientsOf(campaign.id);
    await t.ctx.db.insert(unsubscribes).values({
      userId,
      workspaceId: await personalWorkspaceOf(t.ctx.db, userId),
      email: gone!.email.toUpperCase(),
    });

    const res = (await call('POST', `/api/campaigns/${campaign.id}/send-approved`)).json();
    expect(res).toMatchObject({ successCount: 2, scheduledCount: 0 });
    const [skipped] = await t.ctx.db.select().from(emails).where(eq(emails.recipientId, gone!.id));
    expect(skipped).toMatchObject({
      status: 'unsubscribed',
      errorMessage: 'This recipient has unsubscribed and was not sent an email.',
    });
    const rows = await sentRows(campaign.id, 2);
    expect(sink.messages().some((m) => m.envelope.to.includes(gone!.email))).toBe(false);
    expect(sink.count()).toBe(2);

    // The record says how each email ended: the two sent from which mailbox with the Message-ID
    // the recipient got, the third not sent and why.
    const audit = (await t.app.inject({ url: '/api/workspace/audit', headers: { cookie } })).json();
    const ends = audit.items.filter(
      (e: { subjectId: number; action: string }) =>
        rows.some((r) => r.id === e.subjectId) && /^email\.(sent|stopped)$/.test(e.action),
    );
    const received = sink.messages().map((m) => m.messageId);
    expect(
      ends
        .map((e: { subjectId: number; action: string; actor: string | null; detail: object }) => ({
          id: e.subjectId,
          action: e.action,
          actor: e.actor,
          detail: e.detail,
        }))
        .sort((a: { id: number }, b: { id: number }) => a.id - b.id),
    ).toEqual(
      [...rows]
        .sort((a, b) => a.id - b.id)
        .map((r) =>
          r.status === 'sent'
            ? {
                id: r.id,
                action: 'email.sent',
                actor: 'headers@example.com',
                detail: { mailbox: 'headers@example.com', messageId: r.messageId, transport: r.transport },
              }
            : {
                id: r.id,
                action: 'email.stopped',
                actor: null,
                detail: { reason: 'This recipient has unsubscribed and was not sent an email.' },
              },
        ),
    );
    for (const r of rows.filter((row) => row.status === 'sent')) expect(received).toContain(r.messageId);
  });
});

describe('MAIL_DOMAIN', () => {
  it('is refused at start-up when it is an IP address', () => {
    for (const ip of ['192.0.2.10', '::1', '[2001:db8::1]'])
      expect(() => loadConfig({ MAIL_DOMAIN: ip, SECRET_KEY: 'x'.repeat(32) }, false)).toThrow(
        /MAIL_DOMAIN: must be the domain you send from, not an IP address/,
      );
    expect(loadConfig({ MAIL_DOMAIN: 'mail.example.com' }, false).mail.domain).toBe('mail.example.com');
  });
});

import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emails } from '../../src/server/db/schema';
import { rawHeader } from '../fakes/smtp-sink';
import { baseUrl, readSse } from '../support/http';
import { httpClient, waitUntil } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  type DeliveredMessage,
  type PrivatePostfix,
  postfixUnavailable,
  startPrivatePostfix,
} from './private-postfix';
import { scoreMessage, spamassassinUnavailable } from './spamassassin';

/**
 * A typical campaign sent by the app over SMTP to a real Postfix, read back from its Maildirs and
 * scored by SpamAssassin: what a receiving mail server makes of what Tailor hands over.
 */
const unavailable = postfixUnavailable() ?? spamassassinUnavailable();
if (unavailable) console.warn(`test/peers skipped: ${unavailable}`);

const PEOPLE = [
  { local: 'ada.hartley', firstName: 'Ada', company: 'Brightline Logistics' },
  { local: 'omar.castillo', firstName: 'Omar', company: 'Castillo & Reyes' },
  { local: 'priya.natarajan', firstName: 'Priya', company: 'Fernhill Dental Group' },
  { local: 'jonas.weber', firstName: 'Jonas', company: 'Weber Haustechnik' },
  { local: 'grace.okafor', firstName: 'Grace', company: 'Okafor Property Management' },
];

const SUBJECT = 'Onboarding new support staff at {{ company }}';
const BODY = [
  '<p>Hi {{ first_name }},</p>',
  '<p>I noticed that {{ company }} has been hiring for its customer support team this spring. ' +
    'Teams that grow quickly often tell us that new colleagues spend their first weeks searching ' +
    'old tickets and shared folders for answers that someone already wrote down.</p>',
  '<p>We make a small knowledge tool that gathers those answers in one place and suggests the ' +
    'right one while an agent is writing a reply. Support teams of a similar size usually see new ' +
    'hires answer on their own a couple of weeks sooner.</p>',
  '<p>Would a twenty-minute call next Tuesday or Wednesday be useful? I can show you how two other ' +
    'teams set it up, and you can decide whether it is worth a closer look.</p>',
  '<p>Thank you for reading, and have a good week.</p>',
].join('\n');
const SIGNATURE =
  '<p>Best regards,<br>Maya Lindqvist<br>Customer Success, Northwind Labs<br>+1 503 555 0142</p>';
const UNSUBSCRIBE_MESSAGE = [
  'Northwind Labs',
  '200 Harbor Street',
  'Portland, OR 97204',
  'You received this email because you lead a customer support team we work alongside. This is a commercial message.',
].join('\n');

/** Headers Postfix adds in front of what it was handed, when delivering to a Maildir. */
const POSTFIX_ADDED = ['Delivered-To', 'Received', 'Return-Path', 'X-Original-To'];

describe.skipIf(unavailable !== null)(
  'a campaign delivered to a private Postfix, scored by SpamAssassin',
  () => {
    let postfix: PrivatePostfix;
    let t: TestApp;
    let api: ReturnType<typeof httpClient>;
    let templateId: number;
    /** Message-IDs of every email sent so far: nothing else may be in the Maildirs. */
    const sentIds = new Set<string>();
    beforeAll(async () => {
      postfix = await startPrivatePostfix({ mailboxes: PEOPLE.map((p) => p.local) });
      t = await startTestApp(
        'pglite',
        {
          SMTP_URL: postfix.smtpUrl,
          SEND_PACING: 'false',
          PUBLIC_URL: 'https://tailor.example.com',
          MAIL_DOMAIN: 'example.com',
        },
        { listen: true },
      );
      api = httpClient(baseUrl(t), await t.signIn('maya.lindqvist@example.com'));
      await api.json('POST', '/api/sender-settings', {
        name: 'Maya Lindqvist',
        signature: SIGNATURE,
        companyName: 'Northwind Labs',
        streetAddress: '200 Harbor Street',
        city: 'Portland',
        state: 'OR',
        zipCode: '97204',
        phoneNumber: '+1 503 555 0142',
      });
      templateId = (
        await api.json('POST', '/api/templates', {
          name: 'Support onboarding',
          type: 'template',
          subjectTemplate: SUBJECT,
          bodyTemplate: BODY,
          variables: ['email', 'first_name', 'company'],
        })
      ).id;
    });
    afterEach((context) => {
      if (context.task.result?.state === 'fail') console.log(`Postfix's log:\n${postfix.maillog()}`);
    });
    afterAll(async () => {
      await t?.close();
      await postfix?.close();
    });

    /** Creates, generates, approves and sends a campaign to PEOPLE; resolves once Postfix delivered every email. */
    async function sendCampaign(name: string, extra: Record<string, unknown>) {
      const campaign = await api.json('POST', '/api/campaigns', {
        name,
        templateId,
        columnMapping: { email: 'email', first_name: 'first_name', company: 'company' },
        includeUnsubscribeLink: true,
        unsubscribeMessage: UNSUBSCRIBE_MESSAGE,
        ...extra,
      });
      const csv = PEOPLE.map((p) => `${p.local}@${postfix.domain},${p.firstName},"${p.company}"`);
      const form = new FormData();
      form.append('csvFile', new Blob([`email,first_name,company\n${csv.join('\n')}\n`]), 'people.csv');
      expect((await api.json('POST', `/api/campaigns/${campaign.id}/upload-csv`, form)).imported).toBe(
        PEOPLE.length,
      );
      const events = await readSse(
        await api.request('POST', `/api/campaigns/${campaign.id}/generate-emails`),
      );
      expect(events.at(-1)).toEqual({
        event: 'complete',
        data: { processed: PEOPLE.length, total: PEOPLE.length, failed: 0 },
      });
      expect((await api.json('POST', `/api/campaigns/${campaign.id}/approve-all`)).approved).toBe(
        PEOPLE.length,
      );
      const sent = await api.json('POST', `/api/campaigns/${campaign.id}/send-approved`, {});
      expect(sent).toMatchObject({ successCount: PEOPLE.length, scheduledCount: 0 });

      const rows = await waitUntil(
        async () => {
          const rows = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
          if (rows.some((r) => r.status === 'failed'))
            throw new Error(`a send failed: ${JSON.stringify(rows)}`);
          return rows.every((r) => r.status === 'sent') && rows;
        },
        30_000,
        'every email sent',
      );
      const ids = new Set(rows.map((r) => r.messageId));
      const delivered = await waitUntil(
        async () => {
          const mine = (await postfix.messages()).filter((m) =>
            ids.has(rawHeader(m.raw, 'Message-ID') ?? ''),
          );
          return mine.length >= rows.length && mine;
        },
        30_000,
        `${rows.length} messages in the Maildirs`,
      );
      return { campaignId: campaign.id as number, rows, delivered };
    }

    /** What every campaign's delivery must show, whatever its settings. */
    async function checkDelivery({ campaignId, rows, delivered }: Awaited<ReturnType<typeof sendCampaign>>) {
      // Exactly one copy per recipient, each with its own Message-ID, the one the app stored, and
      // no other mail (a second copy under another Message-ID, a bounce) anywhere.
      expect(delivered.map((m) => m.mailbox).sort()).toEqual(PEOPLE.map((p) => p.local).sort());
      const deliveredIds = delivered.map((m) => rawHeader(m.raw, 'Message-ID'));
      expect(new Set(deliveredIds).size).toBe(PEOPLE.length);
      expect(deliveredIds.sort()).toEqual(rows.map((r) => r.messageId).sort());
      for (const id of deliveredIds) expect(id).toMatch(/^<[^@>]+@example\.com>$/);
      for (const row of rows) sentIds.add(row.messageId!);
      const strays = (await postfix.messages()).filter(
        (m) => !sentIds.has(rawHeader(m.raw, 'Message-ID') ?? ''),
      );
      expect(strays.map((m) => m.path)).toEqual([]);

      for (const message of delivered) {
        const row = rows.find((r) => r.messageId === rawHeader(message.raw, 'Message-ID'))!;
        const person = PEOPLE.find((p) => p.local === message.mailbox)!;
        expect(rawHeader(message.raw, 'To')).toBe(`${person.local}@${postfix.domain}`);
        expect(rawHeader(message.raw, 'Subject')).toBe(`Onboarding new support staff at ${person.company}`);
        expect(rawHeader(message.raw, 'List-Unsubscribe')).toMatch(
          /^<https:\/\/tailor\.example\.com\/u\/([\w-]+)>, <mailto:maya\.lindqvist@example\.com\?subject=unsubscribe%20\1>$/,
        );
        expect(rawHeader(message.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
        expect(rawHeader(message.raw, 'List-Id')).toContain(`<c${campaignId}.example.com>`);

        // What the app handed over: CRLF line endings only, no line over 998 octets (RFC 5322 2.1.1).
        const stored = row.rawMessage!;
        expect(stored).toBeTruthy();
        expect(stored).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
        expect(longLines(stored.split('\r\n'))).toEqual([]);
        // Postfix stores it with LF endings, after headers of its own, and changes nothing else.
        const asStored = stored.replace(/\r\n/g, '\n');
        expect(message.raw.slice(-asStored.length)).toBe(asStored);
        const added = headerNames(message.raw.slice(0, -asStored.length));
        expect(added).toContain('Received');
        expect(added.filter((name) => !POSTFIX_ADDED.includes(name))).toEqual([]);
        expect(longLines(message.raw.split('\n'))).toEqual([]);
        const parsed = await simpleParser(message.raw);
        expect(parsed.text).toContain(`Hi ${person.firstName},`);
        expect(parsed.html).toContain(`<p>Hi ${person.firstName},</p>`);
      }
    }

    async function scores(delivered: DeliveredMessage[]) {
      const results = await Promise.all(delivered.map((m) => scoreMessage(m.raw)));
      return results.sort((a, b) => b.score - a.score);
    }

    it('delivers one copy to each recipient, scored at most 1.0 by SpamAssassin with the open pixel on', async () => {
      const sent = await sendCampaign('Support onboarding, spring', {});
      await checkDelivery(sent);
      for (const m of sent.delivered)
        expect((await simpleParser(m.raw)).html).toContain('background="https://tailor.example.com/t/o/');
      const [worst] = await scores(sent.delivered);
      console.info(`SpamAssassin -L, open pixel on: ${worst!.score.toFixed(1)} (${worst!.rules.join(',')})`);
      // An <img> pixel would fire HTML_IMAGE_ONLY_* (up to 2 points in a short email); the pixel is
      // a cell background for that reason, and no image rule may fire.
      expect(worst!.score, `${worst!.rules.join(',')}\n${worst!.report}`).toBeLessThanOrEqual(1.0);
      expect(worst!.rules.filter((rule) => rule.startsWith('HTML_IMAGE'))).toEqual([]);
    });

    it('scores at most 0.5 without the open pixel (trackOpens: false)', async () => {
      const sent = await sendCampaign('Support onboarding, no pixel', { trackOpens: false });
      await checkDelivery(sent);
      for (const m of sent.delivered) expect((await simpleParser(m.raw)).html).not.toContain('/t/o/');
      const [worst] = await scores(sent.delivered);
      console.info(`SpamAssassin -L, open pixel off: ${worst!.score.toFixed(1)} (${worst!.rules.join(',')})`);
      expect(worst!.score, `${worst!.rules.join(',')}\n${worst!.report}`).toBeLessThanOrEqual(0.5);
      expect(worst!.rules.filter((rule) => rule.startsWith('HTML_IMAGE_ONLY'))).toEqual([]);
    });
  },
);

/** Lines longer than SMTP's 998-octet limit, shortened for the failure message. */
function longLines(lines: string[]) {
  return lines
    .filter((l) => Buffer.byteLength(l) > 998)
    .map((l) => `${Buffer.byteLength(l)}: ${l.slice(0, 80)}…`);
}

/** The names of the header fields in a block of header lines (continuations skipped). */
function headerNames(block: string) {
  return block
    .split('\n')
    .filter((l) => l && !/^[ \t]/.test(l))
    .map((l) => l.slice(0, l.indexOf(':')));
}

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { type Classification, classifyInbound } from './classify';
import { classify, day, SENDER } from './classify-test-support';
import { parseHeaderOnlyMessage, parseRawMessage, referencedMessageIds } from './inbound-message';

const OURS = 'tailor.123.abc@mail.example.com';
const FIXTURES = new URL('../../../../test/fixtures/inbound/', import.meta.url);

async function fixture(name: string) {
  return parseRawMessage(await readFile(new URL(name, FIXTURES)));
}

describe('classifyInbound on the fixture corpus', () => {
  const cases: { file: string; expected: Classification; ids: string[] }[] = [
    {
      file: 'gmail-reply.eml',
      expected: {
        kind: 'reply',
        snippet:
          "Hi Alice, Yes, we're planning a rollout in Q4 — happy to chat next week. Does Tuesday at 2pm work for you? Bob",
      },
      ids: [OURS],
    },
    {
      file: 'references-only-reply.eml',
      expected: {
        kind: 'reply',
        snippet:
          'Hi Alice, Bob forwarded your note to me - I run procurement here. Could you send over a short deck before Thursday? Thanks Priya',
      },
      ids: ['CAJx2Lw5Rk8Q1tTq0uVnP7m+3qH9YbZ5v0xK1sG4d8Fh2eNw3Aa@mail.gmail.com', OURS],
    },
    {
      file: 'outlook-reply.eml',
      expected: {
        kind: 'reply',
        snippet:
          'Hello Alice, Sounds interesting - could you send me your pricing for 20 seats? We review vendors in the second week of January. Kind regards, Karl',
      },
      ids: [OURS],
    },
    {
      file: 'reply-with-stop.eml',
      expected: {
        kind: 'reply',
        snippet:
          "We had to stop the rollout last month, so the timing is not great. Please don't stop writing though - let's talk again in February. Heidi",
      },
      ids: [OURS],
    },
    {
      file: 'out-of-office-rfc3834.eml',
      expected: { kind: 'auto-reply', returnDate: day('2026-12-03') },
      ids: [OURS],
    },
    {
      file: 'out-of-office-de-subject.eml',
      expected: { kind: 'auto-reply', returnDate: day('2026-12-07') },
      ids: [],
    },
    {
      file: 'out-of-office-fr-subject.eml',
      expected: { kind: 'auto-reply', returnDate: day('2026-12-07') },
      ids: [OURS],
    },
    {
      file: 'out-of-office-es-subject.eml',
      expected: { kind: 'auto-reply', returnDate: day('2026-12-07') },
      ids: [OURS],
    },
    {
      // Outlook's Portuguese out-of-office: no RFC 3834 header, a month without a day.
      file: 'out-of-office-pt-subject.eml',
      expected: { kind: 'auto-reply', returnDate: day('2027-02-01') },
      ids: [OURS],
    },
    {
      file: 'postfix-bounce-5.1.1.eml',
      expected: {
        kind: 'bounce',
        severity: 'hard',
        recipient: 'bob@martin-sons.example',
        status: '5.1.1',
        diagnostic:
          '550 5.1.1 <bob@martin-sons.example>: Recipient address rejected: User unknown in virtual mailbox table',
      },
      ids: [OURS],
    },
    {
      file: 'postfix-delay-4.4.1.eml',
      expected: {
        kind: 'bounce',
        severity: 'soft',
        recipient: 'carol@brightfield.example',
        status: '4.4.1',
        diagnostic: 'connect to mx.brightfield.example[198.51.100.7]:25: Connection timed out',
      },
      ids: ['tailor.124.def@mail.example.com'],
    },
    {
      file: 'mailbox-full-5.2.2.eml',
      expected: {
        kind: 'bounce',
        severity: 'soft',
        recipient: 'dave@northwind.example',
        status: '5.2.2',
        diagnostic: '552 5.2.2 <dave@northwind.example>: Recipient address rejected: Mailbox full',
      },
      ids: ['tailor.125.ghi@mail.example.com'],
    },
    {
      file: 'exchange-ndr.eml',
      expected: {
        kind: 'bounce',
        severity: 'hard',
        recipient: 'erin@contoso.example',
        status: '5.1.10',
        diagnostic: '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
      },
      ids: ['tailor.126.jkl@mail.example.com'],
    },
    {
      file: 'gmail-bounce-legacy.eml',
      expected: {
        kind: 'bounce',
        severity: 'hard',
        recipient: 'frank@harbourview.example',
        status: '5.1.1',
        diagnostic: '550 5.1.1 <frank@harbourview.example>... User unknown',
      },
      ids: ['tailor.127.mno@mail.example.com'],
    },
    {
      file: 'gmail-bounce.eml',
      expected: {
        kind: 'bounce',
        severity: 'hard',
        recipient: 'gina@oakridge.example',
        status: '5.1.1',
        diagnostic:
          '550 5.1.1 <gina@oakridge.example>: Recipient address rejected: User unknown in local recipient table',
      },
      ids: ['tailor.128.pqr@mail.example.com'],
    },
    {
      file: 'unsubscribe-subject.eml',
      expected: { kind: 'unsubscribe-request', address: 'henry.ford@gmail.com' },
      ids: [],
    },
    {
      file: 'unsubscribe-reply.eml',
      expected: { kind: 'unsubscribe-request', address: 'ivy.chen@cedarpoint.example' },
      ids: [OURS],
    },
    {
      file: 'read-receipt.eml',
      expected: { kind: 'ignored', reason: 'read receipt' },
      ids: ['tailor.129.stu@mail.example.com'],
    },
    {
      file: 'success-dsn.eml',
      expected: { kind: 'ignored', reason: 'delivery succeeded' },
      ids: ['tailor.130.vwx@mail.example.com'],
    },
    {
      file: 'own-sent-copy.eml',
      expected: { kind: 'ignored', reason: 'sent by the sender' },
      ids: [],
    },
  ];

  it.each(cases)('$file', async ({ file, expected, ids }) => {
    const msg = await fixture(file);
    expect(classifyInbound(msg, SENDER)).toEqual(expected);
    expect(referencedMessageIds(msg)).toEqual(ids);
  });
});

describe('classifyInbound rules', () => {
  it("ignores the sender's own address whatever its case", () => {
    expect(classify({ from: { address: 'Alice@Example.COM', name: '' }, text: 'Hello' })).toEqual({
      kind: 'ignored',
      reason: 'sent by the sender',
    });
  });

  it.each([
    ['auto-replied', 'Auto-Submitted', 'auto-replied'],
    ['auto-generated with a parameter', 'Auto-Submitted', 'auto-generated; owner-email="x@example.org"'],
    ['X-Autoreply', 'X-Autoreply', 'yes'],
    ['X-Autorespond', 'X-Autorespond', 'Out of office'],
    ['Precedence: auto_reply', 'Precedence', 'auto_reply'],
  ])('takes %s as an auto-reply', (_, name, value) => {
    expect(classify({ headerList: [[name, value]], text: 'Thanks for your mail' }).kind).toBe('auto-reply');
  });

  it('does not take Auto-Submitted: no or Precedence: bulk alone as an auto-reply', () => {
    expect(classify({ headerList: [['Auto-Submitted', 'no']], text: 'Hi' }).kind).toBe('reply');
    expect(classify({ headerList: [['Precedence', 'bulk']], text: 'Hi' }).kind).toBe('reply');
  });

  it.each([
    'Out of Office: Quick question',
    'Automatic reply: Quick question',
    'Auto-Reply: Quick question',
    'Away until Monday',
    'Automatische Antwort: Quick question',
    'Abwesend bis 07.12.',
    'Absence',
    'Absent du bureau',
    'Fuera de la oficina',
    '[Out of Office] Quick question',
    'Resposta automática: Quick question',
    'Ausência: Quick question',
    'Risposta automatica: Quick question',
    'Fuori ufficio',
    'Automatisch antwoord: Quick question',
    'Afwezig tot 7 januari',
  ])('takes the subject "%s" as an auto-reply', (subject) => {
    expect(classify({ subject, text: 'I am away.' }).kind).toBe('auto-reply');
  });

  it('does not take an out-of-office phrase inside a reply subject as an auto-reply', () => {
    expect(classify({ subject: 'Re: Away day for the team', text: 'Sounds good' }).kind).toBe('reply');
    expect(classify({ subject: 'Awaiting your answer', text: 'Sounds good' }).kind).toBe('reply');
  });

  it('takes "unsubscribe" subjects addressed to the sender as requests, also with Re:', () => {
    for (const subject of ['unsubscribe', 'UNSUBSCRIBE', 'Re: Unsubscribe', ' unsubscribe '])
      expect(classify({ subject, text: '' })).toEqual({
        kind: 'unsubscribe-request',
        address: 'bob@example.org',
      });
  });

  it('does not take an "unsubscribe" subject sent to someone else (a mailing list) as a request', () => {
    expect(classify({ subject: 'unsubscribe', to: ['list@lists.example.net'], text: '' }).kind).toBe('reply');
  });

  it('does not take a subject that merely contains "unsubscribe" as a request', () => {
    expect(classify({ subject: 'Re: How to unsubscribe users', text: 'See below' }).kind).toBe('reply');
  });

  it.each([
    'unsubscribe',
    'Unsubscribe me please',
    'STOP',
    'Remove me',
    'Please remove me from your mailing list, thanks',
    'Take me off your list!',
    'Hi Alice,\n\nunsubscribe',
    'Thanks for the note.\nPlease delete my details from your database and do not contact me again.',
    'Bitte austragen.',
    'Graag uitschrijven.',
    'BAJA',
    'Remover',
  ])('takes "%s" as a request, wherever it stands in the new text', (line) => {
    expect(classify({ text: `\n${line}\n\n> quoted ${line}` }).kind).toBe('unsubscribe-request');
  });

  it.each([
    'Please stop the trial at the end of the month.',
    'Stop by our booth next week!',
    'Can you remove me from the CC and add Dana instead?',
    'No',
    'Not now, thanks.',
    'No thanks',
    'How do I unsubscribe from your competitor’s newsletter?',
  ])('keeps "%s" a reply', (text) => {
    expect(classify({ text }).kind).toBe('reply');
  });

  it('does not take "unsubscribe" in the quoted text as a request', () => {
    expect(classify({ text: 'Thanks!\n\n> unsubscribe' })).toEqual({ kind: 'reply', snippet: 'Thanks!' });
  });

  it('does not take the footer of a quote flattened into one line (a provider preview) as a request', () => {
    expect(
      classify({
        text: 'Call me Tuesday. On Mon, Nov 30, 2026 at 10:00 AM Alice <alice@example.com> wrote: > Hi Bob > No more emails? Unsubscribe me by replying.',
      }),
    ).toEqual({ kind: 'reply', snippet: 'Call me Tuesday.' });
  });

  it('ignores notices from mail systems that are not bounces', () => {
    expect(
      classify({
        from: { address: 'postmaster@example.org', name: '' },
        text: 'Your message was quarantined.',
      }),
    ).toEqual({ kind: 'ignored', reason: 'notice from a mail system' });
  });

  it('ignores reports other than delivery reports and receipts', () => {
    expect(
      classify({ report: { reportType: 'feedback-report', recipients: [], originalMessageId: OURS } }),
    ).toEqual({ kind: 'ignored', reason: 'feedback-report report' });
  });
});

describe('bounce severity', () => {
  const bounceWith = (action: string | null, status: string | null) =>
    classify({
      report: {
        reportType: 'delivery-status',
        recipients: [
          { finalRecipient: 'ok@example.org', action: 'delivered', status: '2.0.0', diagnosticCode: null },
          { finalRecipient: 'bad@example.org', action, status, diagnosticCode: 'smtp; x' },
        ],
        originalMessageId: OURS,
      },
    });

  it.each([
    ['failed', '5.1.1', 'hard'],
    ['failed', '5.7.1', 'hard'],
    ['failed', '5.2.2', 'soft'],
    ['failed', '4.2.2', 'soft'],
    ['failed', '4.4.7', 'soft'],
    ['delayed', '5.0.0', 'soft'],
    ['delayed', null, 'soft'],
    ['failed', null, 'hard'],
    [null, '5.1.2', 'hard'],
  ] as const)('Action %s, Status %s is %s, for the first failed recipient', (action, status, severity) => {
    expect(bounceWith(action, status)).toMatchObject({
      kind: 'bounce',
      severity,
      recipient: 'bad@example.org',
      status,
    });
  });

  it('counts a report with no readable recipient as a soft bounce', () => {
    expect(
      classify({ report: { reportType: 'delivery-status', recipients: [], originalMessageId: null } }),
    ).toEqual({ kind: 'bounce', severity: 'soft', recipient: null, status: null, diagnostic: null });
  });

  it('reads a header-only Gmail bounce from X-Failed-Recipients', () => {
    const msg = parseHeaderOnlyMessage(
      [
        { name: 'From', value: 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>' },
        { name: 'To', value: 'alice@example.com' },
        { name: 'X-Failed-Recipients', value: 'gina@oakridge.example' },
        { name: 'Subject', value: 'Delivery Status Notification (Failure)' },
        { name: 'Content-Type', value: 'multipart/report; boundary="b"; report-type=delivery-status' },
      ],
      "Address not found Your message wasn't delivered to gina@oakridge.example because the address couldn't be found.",
    );
    expect(classifyInbound(msg, SENDER)).toEqual({
      kind: 'bounce',
      severity: 'hard',
      recipient: 'gina@oakridge.example',
      status: null,
      diagnostic: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  parseHeaderOnlyMessage,
  parseRawMessage,
  referencedMessageIds,
  TEXT_LIMIT_BYTES,
} from './inbound-message';
import { isMailSystem } from './message-headers';

const crlf = (lines: string[]) => lines.join('\r\n');

describe('parseRawMessage', () => {
  it('reads ids without brackets, addresses, a decoded subject and the date', async () => {
    const msg = await parseRawMessage(
      crlf([
        'From: =?utf-8?Q?J=C3=BCrgen?= <juergen@example.de>',
        'To: Alice <alice@example.com>, team: carl@example.com, dora@example.com;',
        'Subject: =?utf-8?Q?Re:_Gr=C3=BC=C3=9Fe?=',
        'Date: Mon, 30 Nov 2026 11:00:00 +0100 (CET)',
        'Message-ID:  <reply.1@example.de> ',
        "In-Reply-To: <tailor.123.abc@mail.example.com> (Alice's message)",
        'References: <first@example.com>',
        '\t<tailor.123.abc@mail.example.com>',
        'X-Custom: one',
        'X-Custom: two',
        '',
        'Hallo',
      ]),
    );
    expect(msg).toMatchObject({
      messageId: 'reply.1@example.de',
      inReplyTo: ['tailor.123.abc@mail.example.com'],
      references: ['first@example.com', 'tailor.123.abc@mail.example.com'],
      from: { address: 'juergen@example.de', name: 'Jürgen' },
      to: ['alice@example.com', 'carl@example.com', 'dora@example.com'],
      subject: 'Re: Grüße',
      date: new Date('2026-11-30T10:00:00Z'),
      text: 'Hallo',
      report: null,
    });
    expect(msg.headers.get('x-custom')).toEqual(['one', 'two']);
    expect(msg.headers.get('references')).toEqual(['<first@example.com>\t<tailor.123.abc@mail.example.com>']);
    expect(referencedMessageIds(msg)).toEqual(['tailor.123.abc@mail.example.com', 'first@example.com']);
  });

  it('keeps an unreadable Date as null rather than "now"', async () => {
    const msg = await parseRawMessage('From: a@example.org\r\nDate: someday\r\n\r\nhi');
    expect(msg.date).toBeNull();
  });

  it('accepts message-ids their sender left without brackets', async () => {
    const msg = await parseRawMessage('In-Reply-To: tailor.123.abc@mail.example.com\r\n\r\nhi');
    expect(msg.inReplyTo).toEqual(['tailor.123.abc@mail.example.com']);
  });

  it('decodes UTF-8 written raw in headers', async () => {
    const msg = await parseRawMessage(Buffer.from('X-Note: café\r\n\r\nhi', 'utf8'));
    expect(msg.headers.get('x-note')).toEqual(['café']);
  });

  it('turns an HTML-only body into text, quotes included as ">" lines', async () => {
    const msg = await parseRawMessage(
      crlf([
        'From: b@example.org',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<div>Yes <b>please</b> &amp; thanks<img src="cid:x"></div><blockquote>Old text</blockquote>',
      ]),
    );
    expect(msg.text).toBe('Yes please & thanks\n\n> Old text');
  });

  it('caps the text at 64 KB of UTF-8 without a broken character at the end', async () => {
    const msg = await parseRawMessage(`Content-Type: text/plain; charset=utf-8\r\n\r\n${'é'.repeat(40_000)}`);
    expect(Buffer.byteLength(msg.text, 'utf8')).toBe(TEXT_LIMIT_BYTES);
    expect(msg.text.endsWith('é')).toBe(true);
  });

  it('does not take the id of a forwarded message/rfc822 attachment in an ordinary mail', async () => {
    const msg = await parseRawMessage(
      crlf([
        'From: b@example.org',
        'Content-Type: multipart/mixed; boundary=B',
        '',
        '--B',
        'Content-Type: text/plain',
        '',
        'See the attached mail',
        '--B',
        'Content-Type: message/rfc822',
        '',
        'Message-ID: <tailor.123.abc@mail.example.com>',
        '',
        'Hi',
        '--B--',
      ]),
    );
    expect(msg.report).toBeNull();
    expect(msg.text).toBe('See the attached mail');
    expect(referencedMessageIds(msg)).toEqual([]);
  });

  it("reads a DSN's folded fields, every recipient, and Gmail's X-Original-Message-ID", async () => {
    const msg = await parseRawMessage(
      crlf([
        'From: mailer-daemon@googlemail.com',
        'Content-Type: multipart/report; report-type="delivery-status"; boundary=B',
        '',
        '--B',
        'Content-Type: text/plain',
        '',
        'Delivery incomplete',
        '--B',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; googlemail.com',
        'X-Original-Message-ID: <tailor.7.x@mail.example.com>',
        '',
        'Final-Recipient: rfc822; <one@example.org>',
        'Action: delivered',
        'Status: 2.0.0',
        '',
        'Original-Recipient: rfc822;two@example.org',
        'Action: Failed (bad destination)',
        'Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach',
        ' does not exist.',
        '--B--',
      ]),
    );
    expect(msg.report).toEqual({
      reportType: 'delivery-status',
      recipients: [
        {
          finalRecipient: 'one@example.org',
          originalRecipient: null,
          action: 'delivered',
          status: '2.0.0',
          diagnosticCode: null,
        },
        {
          finalRecipient: 'two@example.org',
          originalRecipient: 'two@example.org',
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: '550-5.1.1 The email account that you tried to reach does not exist.',
        },
      ],
      originalMessageId: 'tailor.7.x@mail.example.com',
    });
    expect(msg.text).toBe('Delivery incomplete');
  });

  it('reads a returned message marked inline without mixing its body into the text', async () => {
    const msg = await parseRawMessage(
      crlf([
        'From: postmaster@example.net',
        'Content-Type: multipart/report; report-type=delivery-status; boundary=B',
        '',
        '--B',
        'Content-Type: text/plain',
        '',
        'Undeliverable',
        '--B',
        'Content-Type: message/delivery-status',
        '',
        'Final-Recipient: rfc822; lee@example.net',
        'Action: failed',
        'Status: 5.1.1',
        '--B',
        'Content-Type: message/rfc822',
        'Content-Disposition: inline',
        '',
        'From: alice@example.com',
        'Message-ID: <tailor.8.y@mail.example.com>',
        '',
        'Our campaign text',
        '--B--',
      ]),
    );
    expect(msg.text).toBe('Undeliverable');
    expect(msg.report?.originalMessageId).toBe('tailor.8.y@mail.example.com');
  });

  it('reads a plain-text bounce from a mail daemon with Final-Recipient lines but no X-Failed-Recipients', async () => {
    const msg = await parseRawMessage(
      crlf([
        'From: MAILER-DAEMON@mx.example.net',
        'Subject: failure notice',
        '',
        'Sorry, we were unable to deliver your message.',
        '',
        'Final-Recipient: rfc822; lee@example.net',
        'Status: 5.1.1',
        '',
        '--- Below this line is a copy of the message.',
        '',
        'Message-ID: <tailor.9.z@mail.example.com>',
      ]),
    );
    expect(msg.report).toEqual({
      reportType: null,
      recipients: [
        {
          finalRecipient: 'lee@example.net',
          originalRecipient: null,
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: null,
        },
      ],
      originalMessageId: 'tailor.9.z@mail.example.com',
    });
  });

  it('reads a delay notice without a report part as delayed', async () => {
    const msg = await parseRawMessage(
      crlf([
        'From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
        'Subject: Delivery Status Notification (Delay)',
        '',
        'Message delivery to lee@example.net has been delayed; 4.4.1 no answer from host. Google will retry.',
      ]),
    );
    expect(msg.report?.recipients).toEqual([
      {
        finalRecipient: null,
        originalRecipient: null,
        action: 'delayed',
        status: '4.4.1',
        diagnosticCode:
          'Message delivery to lee@example.net has been delayed; 4.4.1 no answer from host. Google will retry.',
      },
    ]);
  });

  it.each([
    [
      'no blank line before the body',
      ['From: bob@example.org', 'In-Reply-To: <a@b>', 'Thanks, interested.'],
      'no blank line between the header and the body',
    ],
    [
      'a body line among the header fields',
      ['From: bob@example.org', 'Thanks, interested.', '', 'Bob'],
      'a header line that is no header field (no blank line before the body)',
    ],
    [
      'a multipart without a boundary',
      ['From: bob@example.org', 'Content-Type: multipart/mixed', '', '--x', '', 'Hi', '--x--'],
      'a multipart message without a boundary',
    ],
    [
      'a boundary not in the body',
      [
        'From: bob@example.org',
        'Content-Type: multipart/alternative; boundary=a',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'Hi',
        '--b--',
      ],
      'a multipart message whose boundary is not in its body',
    ],
    [
      'base64 that does not decode',
      ['From: bob@example.org', 'Content-Transfer-Encoding: base64', '', '!!!!####'],
      'a body of which no part could be read',
    ],
  ])('marks a message it cannot read: %s', async (_name, lines, reason) => {
    expect((await parseRawMessage(crlf(lines))).unreadable).toBe(reason);
  });

  it.each([
    ['an empty body', ['From: bob@example.org', 'Subject: Re: hi', '', '']],
    ['a plain reply with LF line ends', ['From: bob@example.org', '', 'Hi']],
    [
      'a well-formed multipart',
      [
        'From: bob@example.org',
        'Content-Type: multipart/alternative; boundary=a',
        '',
        '--a',
        'Content-Type: text/plain',
        '',
        'Hi',
        '--a--',
      ],
    ],
    ['an attachment alone', ['From: bob@example.org', 'Content-Type: application/pdf', '', 'JVBERi0=']],
  ])('reads a message that is merely plain: %s', async (_name, lines) => {
    expect((await parseRawMessage(lines.join('\n'))).unreadable).toBeNull();
  });

  it('finds no report in a person quoting a status code', async () => {
    const msg = await parseRawMessage('From: bob@example.org\r\n\r\nOur server said 550 5.1.1, odd.');
    expect(msg.report).toBeNull();
  });
});

describe('parseHeaderOnlyMessage', () => {
  it('reads the same fields from a header list and uses the snippet as text', () => {
    const msg = parseHeaderOnlyMessage(
      [
        { name: 'From', value: '=?ISO-8859-1?Q?Luc=EDa_Garc=EDa?= <lucia@example.es>' },
        { name: 'To', value: 'alice@example.com, "Doe, John" <john@example.com>' },
        { name: 'Subject', value: '=?UTF-8?B?UsOpcG9uc2U=?= =?UTF-8?Q?_automatique?=' },
        { name: 'Date', value: 'Mon, 30 Nov 2026 11:00:20 +0100' },
        { name: 'Message-ID', value: '<m1@example.es>' },
        { name: 'In-Reply-To', value: '<tailor.123.abc@mail.example.com>' },
        { name: 'References', value: '<a@x>\r\n <tailor.123.abc@mail.example.com>' },
        { name: 'auto-submitted', value: 'auto-replied' },
      ],
      'Gracias por su mensaje',
    );
    expect(msg).toMatchObject({
      messageId: 'm1@example.es',
      inReplyTo: ['tailor.123.abc@mail.example.com'],
      references: ['a@x', 'tailor.123.abc@mail.example.com'],
      from: { address: 'lucia@example.es', name: 'Lucía García' },
      to: ['alice@example.com', 'john@example.com'],
      subject: 'Réponse automatique',
      date: new Date('2026-11-30T10:00:20Z'),
      text: 'Gracias por su mensaje',
      report: null,
    });
    expect(msg.headers.get('auto-submitted')).toEqual(['auto-replied']);
    expect(msg.headers.get('references')).toEqual(['<a@x> <tailor.123.abc@mail.example.com>']);
  });

  it('defaults to empty text and knows a read receipt from its Content-Type', () => {
    const msg = parseHeaderOnlyMessage([
      { name: 'Content-Type', value: 'multipart/report; report-type=disposition-notification; boundary=x' },
    ]);
    expect(msg.text).toBe('');
    expect(msg.from).toBeNull();
    expect(msg.report).toEqual({
      reportType: 'disposition-notification',
      recipients: [],
      originalMessageId: null,
    });
  });

  it('leaves a malformed encoded-word as it is', () => {
    expect(parseHeaderOnlyMessage([{ name: 'Subject', value: '=?no-such-charset?Q?x?=' }]).subject).toBe(
      '=?no-such-charset?Q?x?=',
    );
  });
});

describe('isMailSystem', () => {
  it.each([
    ['MAILER-DAEMON@mail.example.com', '', true],
    ['postmaster@outlook.com', '', true],
    ['MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@contoso.example', 'Microsoft Outlook', true],
    ['bounces@relay.example', 'Mail Delivery System', true],
    ['postmaster.jane@example.org', '', false],
    ['bob@example.org', 'Bob', false],
  ])('%s (%s) → %s', (address, name, expected) => {
    expect(isMailSystem({ address, name })).toBe(expected);
  });
});

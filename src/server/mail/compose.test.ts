import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { composeMessage, newMessageId } from './compose';

/** One header's unfolded value as written. */
function rawHeader(raw: string, name: string) {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1];
}

/** RFC 2047 Q-encoded words back to text (adjacent words join without the space between them). */
function decodeWords(value: string) {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) =>
    Buffer.from(
      q
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8'),
  );
}

const base = {
  from: { name: 'Sam "The" Sender', email: 'sam@example.com' },
  to: 'ada@example.org',
  subject: 'Quick question, Ada — café?',
  html: '<p>Hi Ada,</p><p>How are things at <strong>Engines</strong>?</p>',
  signatureHtml: '<p>Best,<br>Sam</p>',
  pixelUrl: 'https://tailor.example/t/o/tok123.gif',
  messageId: newMessageId('tailor.example'),
};

describe('composeMessage', () => {
  it('builds a message with HTML and text parts, signature, unsubscribe footer and RFC 8058 headers', async () => {
    const raw = composeMessage({
      ...base,
      unsubscribe: {
        url: 'https://tailor.example/u/tok123',
        mailto: 'mailto:sam@example.com?subject=unsubscribe',
        footer: 'Acme\n1 Main St\n<b>x</b>',
      },
    });
    const mail = await simpleParser(raw);
    expect(mail.messageId).toBe(base.messageId);
    expect(mail.subject).toBe(base.subject);
    expect(mail.from?.value[0]).toEqual({ name: 'Sam "The" Sender', address: 'sam@example.com' });
    expect(mail.to && 'value' in mail.to ? mail.to.value[0]?.address : null).toBe('ada@example.org');
    expect(mail.html).toContain('<strong>Engines</strong>');
    expect(mail.html).toContain('<div class="signature"><p>Best,<br>Sam</p></div>');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    // A cell background, not an <img>: spam filters score any image in a short email.
    expect(mail.html).toContain('background="https://tailor.example/t/o/tok123.gif"');
    expect(mail.html).toContain("background-image:url('https://tailor.example/t/o/tok123.gif')");
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain('How are things at Engines?');
    expect(mail.text).toContain('Unsubscribe');
    expect(mail.text).not.toContain('t/o/tok123');
    expect(raw).toMatch(
      /^List-Unsubscribe: <https:\/\/tailor\.example\/u\/tok123>,\s*<mailto:sam@example\.com\?subject=unsubscribe>/m,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  });

  it('leaves out the footer and List-Unsubscribe headers when the link is off, and the pixel for untracked mail', async () => {
    const raw = composeMessage({ ...base, unsubscribe: null, pixelUrl: null });
    const mail = await simpleParser(raw);
    expect(raw).not.toMatch(/^List-Unsubscribe/m);
    expect(mail.html).not.toContain('Unsubscribe');
    expect(mail.html).not.toContain('/t/o/');
  });

  it('ends every line with CRLF, in headers, parts and footer alike', () => {
    const raw = composeMessage({
      ...base,
      subject: 'Two\nlines',
      from: { name: 'Sam\r\nSender', email: 'sam@example.com' },
      html: '<p>One</p>\n<p>Two</p>\r<p>Three</p>\r\n<pre>a\n\nb</pre>',
      signatureHtml: '<p>Best,</p>\n<p>Sam</p>',
      unsubscribe: {
        url: 'https://tailor.example/u/t',
        mailto: null,
        footer: 'Acme\n1 Main St\r\nSpringfield',
      },
      listId: { name: 'Spring\nlaunch', id: 'c1.tailor.example' },
    });
    expect(raw).not.toMatch(/[^\r]\n/);
    expect(raw).not.toMatch(/\r(?!\n)/);
    expect(raw.endsWith('\r\n')).toBe(true);
  });

  it('names the campaign in List-Id, quoting or encoding the name as it needs', async () => {
    const listId = (name: string) =>
      rawHeader(
        composeMessage({ ...base, unsubscribe: null, listId: { name, id: 'c42.tailor.example' } }),
        'List-Id',
      );
    expect(listId('Spring launch')).toBe('Spring launch <c42.tailor.example>');
    expect(listId('Q3: "Acme", Inc.')).toBe('"Q3: \\"Acme\\", Inc." <c42.tailor.example>');
    // A line break in the name cannot start a header of its own.
    expect(listId('Hello\r\nBcc: eve@example.com')).toBe('"Hello Bcc: eve@example.com" <c42.tailor.example>');
    expect(listId(' \t ')).toBe('<c42.tailor.example>');
    const encoded = listId('Café — printemps');
    expect(encoded).toMatch(/^=\?UTF-8\?Q\?.+\?= <c42\.tailor\.example>$/);
    expect(decodeWords(encoded!)).toBe('Café — printemps <c42.tailor.example>');
    expect(rawHeader(composeMessage({ ...base, unsubscribe: null }), 'List-Id')).toBeUndefined();
  });

  it('makes unique Message-IDs on the given domain', () => {
    const a = newMessageId('mail.example');
    expect(a).toMatch(/^<[0-9a-f]{32}@mail\.example>$/);
    expect(newMessageId('mail.example')).not.toBe(a);
  });
});

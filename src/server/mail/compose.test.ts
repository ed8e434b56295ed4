import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { composeMessage, newMessageId } from './compose';

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
    expect(mail.html).toContain('<img src="https://tailor.example/t/o/tok123.gif" width="1" height="1"');
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
    expect(mail.html).not.toContain('<img');
  });

  it('makes unique Message-IDs on the given domain', () => {
    const a = newMessageId('mail.example');
    expect(a).toMatch(/^<[0-9a-f]{32}@mail\.example>$/);
    expect(newMessageId('mail.example')).not.toBe(a);
  });
});

import { describe, expect, it } from 'vitest';
import { mailboxLinkOf } from './inbound-link';

describe('mailboxLinkOf', () => {
  it('names the web mail the link opens', () => {
    expect(mailboxLinkOf('https://mail.google.com/mail/u/0/#inbox/18c2')?.label).toBe('Open in Gmail');
    expect(mailboxLinkOf('https://outlook.office365.com/owa/?ItemID=AAk%3D')?.label).toBe('Open in Outlook');
    expect(mailboxLinkOf('https://outlook.live.com/mail/0/inbox/id/AQ')?.label).toBe('Open in Outlook');
    expect(mailboxLinkOf('https://webmail.example.com/thread/1')).toEqual({
      href: 'https://webmail.example.com/thread/1',
      label: 'Open in your mailbox',
    });
  });

  it('is not fooled by a look-alike host', () => {
    expect(mailboxLinkOf('https://mail.google.com.evil.example/x')?.label).toBe('Open in your mailbox');
  });

  it('gives no link for nothing, a non-web address or garbage', () => {
    expect(mailboxLinkOf(null)).toBeNull();
    expect(mailboxLinkOf('javascript:alert(1)')).toBeNull();
    expect(mailboxLinkOf('data:text/html,<b>x</b>')).toBeNull();
    expect(mailboxLinkOf('not a url')).toBeNull();
  });
});

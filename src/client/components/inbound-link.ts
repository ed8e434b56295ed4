/** A link that opens a reply's conversation in the mailbox's web mail, with words naming that mailbox. */
export interface MailboxLink {
  href: string;
  label: string;
}

const GMAIL = /(^|\.)google\.com$/;
const OUTLOOK =
  /(^|\.)(outlook\.com|outlook\.live\.com|outlook\.office\.com|outlook\.office365\.com|live\.com)$/;

/**
 * The "Open in Gmail" / "Open in Outlook" link of an inbound message, or null when there is none.
 * Only web addresses become links: whatever the stored value holds, a `javascript:` or `data:`
 * address must never be one click away.
 */
export function mailboxLinkOf(link: string | null): MailboxLink | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const label = GMAIL.test(url.hostname)
    ? 'Open in Gmail'
    : OUTLOOK.test(url.hostname)
      ? 'Open in Outlook'
      : 'Open in your mailbox';
  return { href: url.href, label };
}

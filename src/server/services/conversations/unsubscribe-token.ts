import { newText } from './classify';
import type { InboundMessage } from './inbound-message';

/**
 * The List-Unsubscribe mailto of one email (RFC 2369, RFC 6068): to the sender, with the email's
 * unsubscribe token in the subject, so an emailed request names the email (and its campaign) even
 * when the mail program writes a new message rather than a reply. The token is the one the
 * https link carries; it is URL-safe, so only the space needs encoding.
 */
export function unsubscribeMailto(fromAddress: string, token: string) {
  return `mailto:${fromAddress}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;
}

const TOKEN = '([\\w-]{16,64})';
/** "unsubscribe <token>" as the mailto asks, after any "Re:"/"AW:"/"Fwd:" a mail program adds. */
const TOKEN_SUBJECT = new RegExp(
  `^\\s*(?:(?:re|aw|fwd?|wg|tr|sv|vs)\\s*:\\s*)*unsubscribe\\s+${TOKEN}\\s*$`,
  'i',
);
/** The same words in the new text of the body, for programs that put the subject there. */
const TOKEN_LINE = new RegExp(`(?<![\\w-])unsubscribe\\s+${TOKEN}(?![\\w-])`, 'i');

/**
 * The unsubscribe token a message carries, and where: in a subject that is only "unsubscribe
 * <token>" (a request by subject, as a bare "unsubscribe" is), else in the new text of the body.
 * Null when there is none. The token proves nothing on its own: the caller ties the request to the
 * email only when the token is one of the mailbox owner's and the request comes from the address
 * that email went to.
 */
export function unsubscribeTokenOf(msg: InboundMessage): { token: string; bySubject: boolean } | null {
  const subject = TOKEN_SUBJECT.exec(msg.subject);
  if (subject) return { token: subject[1]!, bySubject: true };
  const body = TOKEN_LINE.exec(newText(msg.text));
  return body ? { token: body[1]!, bySubject: false } : null;
}

/** Whether a subject is a request by subject with a token (for the sync's glance at headers). */
export function isTokenUnsubscribeSubject(subject: string) {
  return TOKEN_SUBJECT.test(subject);
}

/**
 * The word a provider's body search looks for: a request whose token is only in its body ("the
 * mail program dropped the subject") reads "unsubscribe <token>" there, and no header says so.
 */
export const TOKEN_REQUEST_WORD = 'unsubscribe';

/** The words with a token, or the word and the start of a token where a preview is cut off. */
const TOKEN_IN_PREVIEW = new RegExp(`${TOKEN_LINE.source}|(?<![\\w-])unsubscribe(?:\\s+[\\w-]*)?\\s*$`, 'i');

/**
 * Whether a message's preview (the first characters of its text, as a provider lists it) may hold
 * a request by token in its body: "unsubscribe <token>", or the word at the end of the preview, its
 * token cut off. Quoted text is not told apart here (a preview is too short to); the whole message
 * is then read and unsubscribeTokenOf decides.
 */
export function previewMayCarryToken(preview: string): boolean {
  return TOKEN_IN_PREVIEW.test(preview.trim());
}

import type { SentEmailRef } from '../../queries/inbound-messages';
import { type Classification, classifyInbound } from './classify';
import type { DeliveryRecipient } from './delivery-report';
import type { InboundMessage } from './inbound-message';
import { isTokenUnsubscribeSubject } from './unsubscribe-token';

/**
 * What a message means for the email it refers to (docs/product.md §12): the classifier's word,
 * and what only the email can tell.
 * - unreadable: the parser could not read it (InboundMessage.unreadable): kept and shown, but
 *   nobody's reply: it neither counts nor stops follow-ups.
 * - unrelated-bounce: a delivery report that cites our Message-ID but names only other addresses
 *   as failed: kept and shown, changes nothing. Anyone who knows a Message-ID could write one.
 */
export type Verdict =
  | Classification
  | { kind: 'unreadable'; reason: string }
  | { kind: 'unrelated-bounce'; recipients: string[] };

/** The email's own unsubscribe token, found in the message and checked by the caller. */
export type TokenMatch = SentEmailRef;

export function judgeInbound(
  msg: InboundMessage,
  sender: { address: string },
  email: SentEmailRef | null,
  tokenEmail: TokenMatch | null = null,
): Verdict {
  const verdict = classifyInbound(msg, sender);
  // The sender's own copies stay ignored, readable or not.
  if (verdict.kind === 'ignored' && verdict.reason === 'sent by the sender') return verdict;
  if (msg.unreadable) return { kind: 'unreadable', reason: msg.unreadable };
  if (verdict.kind === 'bounce' && email && msg.report) return bounceFor(msg, sender, email.recipientEmail);
  // A request by subject with a token is a request whatever the token is worth: the sender asked.
  if (
    msg.from &&
    (verdict.kind === 'reply' || verdict.kind === 'unsubscribe-request') &&
    (tokenEmail || (isTokenUnsubscribeSubject(msg.subject) && addressedTo(msg, sender.address)))
  )
    return { kind: 'unsubscribe-request', address: msg.from.address };
  return verdict;
}

/**
 * A report read for the email's recipient only: the recipients it names (Final-Recipient or
 * Original-Recipient, the latter for mail forwarded on) that are the address we sent to. When it
 * names addresses and none is ours, it is about someone else. One that names no address at all is
 * judged as it stands (the classifier makes it soft unless a mail system says it gave up).
 */
function bounceFor(msg: InboundMessage, sender: { address: string }, recipient: string): Verdict {
  const report = msg.report!;
  const named = report.recipients.filter((r) => r.finalRecipient || r.originalRecipient);
  if (named.length === 0) return classifyInbound(msg, sender);
  const ours = named.filter((r) => names(r, recipient));
  if (ours.length === 0)
    return {
      kind: 'unrelated-bounce',
      recipients: [...new Set(named.map((r) => (r.finalRecipient ?? r.originalRecipient)!))],
    };
  return classifyInbound({ ...msg, report: { ...report, recipients: ours } }, sender);
}

function names(r: DeliveryRecipient, address: string) {
  return [r.finalRecipient, r.originalRecipient].some((a) => a != null && sameAddress(a, address));
}

function addressedTo(msg: InboundMessage, address: string) {
  return msg.to.some((to) => sameAddress(to, address));
}

function sameAddress(a: string, b: string) {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

import type { DeliveryRecipient } from './delivery-report';
import type { InboundMessage } from './inbound-message';
import { type LeftCompany, leftCompany } from './left-company';
import { isMailSystem } from './message-headers';
import { normalise, optOutRequest } from './opt-out';
import { isAbsenceText, isAutoReply, returnDate } from './out-of-office';
import { beforeInlineQuote, newText, replySnippet } from './reply-text';

export type Classification =
  | {
      kind: 'bounce';
      severity: 'hard' | 'soft';
      recipient: string | null;
      status: string | null;
      diagnostic: string | null;
    }
  | { kind: 'ignored'; reason: string }
  | { kind: 'auto-reply'; returnDate: Date | null }
  | { kind: 'unsubscribe-request'; address: string }
  | ({ kind: 'left-company' } & LeftCompany)
  | { kind: 'reply'; snippet: string };

export { returnDate } from './out-of-office';
export { newText, replySnippet, SNIPPET_LENGTH } from './reply-text';

/**
 * What an inbound message means for a campaign, in this order: ignored (the sender's own mail,
 * read receipts, successful delivery reports), bounce, left the company, auto-reply, unsubscribe
 * request, reply. Bounces come before auto-replies because mail systems mark their bounces
 * Auto-Submitted too. "No longer with the company" is an automatic notice, or a short message that
 * names whom to write to instead (a person's longer reply that mentions leaving stays a reply).
 */
export function classifyInbound(msg: InboundMessage, sender: { address: string }): Classification {
  const report = msg.report;
  if (msg.from && sameAddress(msg.from.address, sender.address))
    return { kind: 'ignored', reason: 'sent by the sender' };
  if (report?.reportType === 'disposition-notification') return { kind: 'ignored', reason: 'read receipt' };
  const isDelivery =
    report !== null && (report.reportType === 'delivery-status' || report.reportType === null);
  if (isDelivery && report.recipients.length > 0 && report.recipients.every(succeeded))
    return { kind: 'ignored', reason: 'delivery succeeded' };
  if (isDelivery) return bounceOf(report.recipients);
  if (report) return { kind: 'ignored', reason: `${report.reportType} report` };
  if (isMailSystem(msg.from)) return { kind: 'ignored', reason: 'notice from a mail system' };
  const text = newText(msg.text);
  const automatic = isAutoReply(msg) || isAbsenceText(normalise(text), msg.date);
  const left = leftCompany(text, msg.from?.address ?? null);
  if (left && (automatic || (text.length <= SHORT_NOTICE && (left.colleagueName || left.colleagueAddress))))
    return { kind: 'left-company', ...left };
  if (automatic) return { kind: 'auto-reply', returnDate: returnDate(text, msg.date) };
  if (msg.from && isUnsubscribeRequest(msg, sender))
    return { kind: 'unsubscribe-request', address: msg.from.address };
  return { kind: 'reply', snippet: replySnippet(msg.text) };
}

/** The length of new text up to which a message without auto-reply marks may be a notice. */
const SHORT_NOTICE = 400;

function sameAddress(a: string, b: string) {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

// --- Bounces

const SUCCESS_ACTIONS = ['delivered', 'relayed', 'expanded'];

function succeeded(r: DeliveryRecipient) {
  return r.action ? SUCCESS_ACTIONS.includes(r.action) : (r.status?.startsWith('2.') ?? false);
}

function failed(r: DeliveryRecipient) {
  if (r.action === 'failed' || r.action === 'delayed') return true;
  return !succeeded(r) && /^[45]\./.test(r.status ?? '');
}

/**
 * The first failed recipient decides. A report with no recipient we can read is a soft bounce:
 * not knowing why is no reason to stop writing to someone.
 */
function bounceOf(recipients: DeliveryRecipient[]): Classification {
  const r = recipients.find(failed);
  return {
    kind: 'bounce',
    severity: r ? severityOf(r) : 'soft',
    recipient: r?.finalRecipient ?? null,
    status: r?.status ?? null,
    diagnostic: r?.diagnosticCode ?? null,
  };
}

/**
 * RFC 3463: class 5 is permanent, class 4 transient. X.2.2 (mailbox full) is the exception the RFC
 * itself calls a persistent transient failure: the mailbox may have room tomorrow. A failure
 * without a code (X-Failed-Recipients alone) is a mail system giving up, so hard.
 */
function severityOf(r: DeliveryRecipient): 'hard' | 'soft' {
  if (r.action === 'delayed') return 'soft';
  if (!r.status) return 'hard';
  if (r.status.startsWith('4.') || /^\d\.2\.2$/.test(r.status)) return 'soft';
  return 'hard';
}

// --- Unsubscribe requests

/** Our List-Unsubscribe mailto asks for exactly this subject; a reply to it may add "Re:". */
const UNSUBSCRIBE_SUBJECT = /^\s*((re|aw)\s*:\s*)*unsubscribe\s*$/i;

/**
 * The subject our List-Unsubscribe mailto asks for, sent to the sender; or a removal request
 * anywhere in the reply's new text (opt-out.ts), never in the quoted message or its footer.
 */
function isUnsubscribeRequest(msg: InboundMessage, sender: { address: string }) {
  if (UNSUBSCRIBE_SUBJECT.test(msg.subject) && msg.to.some((to) => sameAddress(to, sender.address)))
    return true;
  return optOutRequest(beforeInlineQuote(newText(msg.text))) !== null;
}

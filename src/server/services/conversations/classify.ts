import { type DeliveryRecipient, type InboundMessage, isMailSystem } from './inbound-message';
import { optOutRequest } from './opt-out';
import { newText, replySnippet } from './reply-text';

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
  | { kind: 'reply'; snippet: string };

export { newText, replySnippet, SNIPPET_LENGTH } from './reply-text';

/**
 * What an inbound message means for a campaign, in this order: ignored (the sender's own mail,
 * read receipts, successful delivery reports), bounce, auto-reply, unsubscribe request, reply.
 * Bounces come before auto-replies because mail systems mark their bounces Auto-Submitted too.
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
  if (isAutoReply(msg)) return { kind: 'auto-reply', returnDate: returnDate(newText(msg.text), msg.date) };
  if (msg.from && isUnsubscribeRequest(msg, sender))
    return { kind: 'unsubscribe-request', address: msg.from.address };
  return { kind: 'reply', snippet: replySnippet(msg.text) };
}

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

// --- Auto-replies

const OUT_OF_OFFICE_SUBJECT =
  /^\s*\[?\s*(out of (the )?office|automatic reply|auto[- ]?reply|auto[- ]?response|away|abwesenheitsnotiz|automatische antwort|abwesend|réponse automatique|absence|absent du bureau|respuesta automática|fuera de la oficina)(?![\p{L}\p{N}])/iu;

/**
 * RFC 3834's Auto-Submitted, the older X-Autoreply/X-Autorespond, Precedence: auto_reply, and the
 * subjects out-of-office responders use. Precedence: bulk or junk is no sign alone (newsletters
 * send it too); with an out-of-office subject, the subject decides anyway.
 */
function isAutoReply(msg: InboundMessage) {
  const values = (name: string) => msg.headers.get(name) ?? [];
  const token = (value: string) => value.split(';')[0]!.trim().toLowerCase();
  return (
    values('auto-submitted').some((v) => token(v) !== 'no') ||
    values('x-autoreply').length > 0 ||
    values('x-autorespond').length > 0 ||
    values('precedence').some((v) => token(v) === 'auto_reply') ||
    OUT_OF_OFFICE_SUBJECT.test(msg.subject)
  );
}

/** Month names and abbreviations in English, German, French and Spanish, January first. */
const MONTH_NAMES = [
  ['january', 'jan', 'januar', 'jänner', 'janvier', 'enero'],
  ['february', 'feb', 'februar', 'février', 'fevrier', 'febrero'],
  ['march', 'mar', 'märz', 'mars', 'marzo'],
  ['april', 'apr', 'avril', 'abril'],
  ['may', 'mai', 'mayo'],
  ['june', 'jun', 'juni', 'juin', 'junio'],
  ['july', 'jul', 'juli', 'juillet', 'julio'],
  ['august', 'aug', 'août', 'aout', 'agosto'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre'],
  ['november', 'nov', 'novembre', 'noviembre'],
  ['december', 'dec', 'dezember', 'dez', 'décembre', 'decembre', 'diciembre'],
];
const MONTHS = new Map(MONTH_NAMES.flatMap((names, i) => names.map((name) => [name, i + 1] as const)));
const MONTH = [...MONTHS.keys()].sort((a, b) => b.length - a.length).join('|');

/** Words that come just before the day someone is back (or away until), in the four languages. */
const RETURN_WORDS =
  /(?<![\p{L}\p{N}])(back|return|returning|until|till|zurück|wieder|ab|bis|retour|jusqu['’]au|à partir du|regreso|regresaré|vuelta|volveré|hasta)(?![\p{L}\p{N}])/gu;
/** How far after such a word the date may start: room for "in the office on Monday,". */
const DATE_WITHIN = 40;

const DATE_PATTERNS: { pattern: RegExp; parts: (m: RegExpExecArray) => DateParts }[] = [
  {
    pattern: /(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/g,
    parts: (m) => ({ year: m[1], first: m[3]!, second: m[2]!, order: 'day-month' }),
  },
  {
    // Dots are day-first wherever they are used; slashes are day-first in Europe, month-first in the US.
    pattern: /(?<![\d./])(\d{1,2})([./])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?![\d/]|\.\d)/g,
    parts: (m) => ({ year: m[4], first: m[1]!, second: m[3]!, order: m[2] === '.' ? 'day-month' : 'either' }),
  },
  {
    pattern: new RegExp(
      `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th|er)?\\.?\\s*(?:of\\s+|de\\s+)?(${MONTH})(?![\\p{L}])\\.?(?:,?\\s*(?:de\\s+)?(\\d{4}))?`,
      'gu',
    ),
    parts: (m) => ({ year: m[3], first: m[1]!, second: String(MONTHS.get(m[2]!)), order: 'day-month' }),
  },
  {
    pattern: new RegExp(
      `(?<![\\p{L}])(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!\\d)(?:,?\\s+(\\d{4}))?`,
      'gu',
    ),
    parts: (m) => ({ year: m[3], first: m[2]!, second: String(MONTHS.get(m[1]!)), order: 'day-month' }),
  },
];

type DateParts = {
  year: string | undefined;
  first: string;
  second: string;
  order: 'day-month' | 'either';
};

/**
 * Best effort: the first date written shortly after a word like "back", "until", "zurück",
 * "retour" or "hasta", as midnight UTC of that day. A missing year is the next such day after the
 * message's date. Null when no date is found, when a slashed date could be two days that are both
 * plausible, or when the date is not within a year after the message.
 */
export function returnDate(text: string, sentAt: Date | null): Date | null {
  const lower = text.toLowerCase();
  for (const word of lower.matchAll(RETURN_WORDS)) {
    const start = word.index + word[0].length;
    const window = lower.slice(start, start + DATE_WITHIN + 30); // + the date itself
    const found = DATE_PATTERNS.flatMap(({ pattern, parts }) =>
      [...window.matchAll(pattern)].map((m) => ({ index: m.index, date: resolve(parts(m), sentAt) })),
    )
      .filter((c) => c.index <= DATE_WITHIN && c.date !== null)
      .sort((a, b) => a.index - b.index)[0];
    if (found) return found.date;
  }
  return null;
}

const DAY_MS = 86_400_000;

function resolve(parts: DateParts, sentAt: Date | null): Date | null {
  const first = Number(parts.first);
  const second = Number(parts.second);
  const readings = [calendarDay(parts.year, second, first, sentAt)];
  if (parts.order === 'either' && first !== second)
    readings.push(calendarDay(parts.year, first, second, sentAt));
  const plausible = readings.filter((d): d is Date => d !== null);
  return plausible.length === 1 ? plausible[0]! : null;
}

function calendarDay(yearText: string | undefined, month: number, day: number, sentAt: Date | null) {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const sentDay = sentAt
    ? Date.UTC(sentAt.getUTCFullYear(), sentAt.getUTCMonth(), sentAt.getUTCDate())
    : null;
  let year: number;
  if (yearText) year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  else if (sentDay !== null) {
    year = new Date(sentDay).getUTCFullYear();
    if (Date.UTC(year, month - 1, day) < sentDay - DAY_MS) year += 1;
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day) return null; // 31 November and the like
  // A day before the message is when the absence began; more than a year after is a misreading.
  if (sentDay !== null && (date.getTime() < sentDay - DAY_MS || date.getTime() > sentDay + 366 * DAY_MS))
    return null;
  return date;
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
  return optOutRequest(newText(msg.text)) !== null;
}

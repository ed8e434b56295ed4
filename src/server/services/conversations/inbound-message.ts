import { compile } from 'html-to-text';
import type { AddressObject, ParsedMail, SimpleParserOptions } from 'mailparser';
import { type DeliveryReport, inferRecipients, multipartReportType, readReport } from './delivery-report';
import {
  decodeWords,
  first,
  messageIds,
  parseAddresses,
  type Sender,
  senderOf,
  stripComments,
  unfold,
} from './message-headers';

/** What every provider's inbound message is turned into; message-ids are kept without angle brackets. */
export type InboundMessage = {
  messageId: string | null;
  inReplyTo: string[];
  references: string[];
  from: Sender;
  to: string[];
  subject: string;
  date: Date | null;
  /** Lower-case names; values unfolded and trimmed but not MIME-decoded. */
  headers: Map<string, string[]>;
  /** The plain-text body, or the HTML body as text, at most TEXT_LIMIT_BYTES of UTF-8. */
  text: string;
  report: DeliveryReport | null;
  /**
   * Why the message cannot be read, or null: its header runs into its body with no blank line
   * between, or its MIME structure is broken so that no part of the body can be read
   * (unreadableReason). Such a message is nobody's words: kept and shown, never counted.
   */
  unreadable: string | null;
};

export const TEXT_LIMIT_BYTES = 64 * 1024;

const PARSER_OPTIONS: SimpleParserOptions & { ignoreEmbedded: boolean } = {
  // Delivery reports and returned messages come back as attachments, for us to read, instead of
  // being mixed into the text (where a bounce's returned body would look like the reply).
  keepDeliveryStatus: true,
  ignoreEmbedded: true,
  // Inline images would otherwise be copied into the HTML as data: URIs we never use.
  keepCidLinks: true,
  // HTML is turned into text below, the same way whether or not a text part came with it.
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
};

const htmlToText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { ignoreHref: true } },
  ],
});

/** Parses a raw RFC 5322 message, as IMAP or a provider's raw format returns it. */
export async function parseRawMessage(raw: Buffer | string): Promise<InboundMessage> {
  // Loaded on first use: the MIME parser and its character sets are a large part of the server's
  // code, and a server that reads no mailbox never needs them.
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(raw, PARSER_OPTIONS);
  const headers = headerMap(
    mail.headerLines.map(({ key, line }) => {
      // Header lines come as bytes read one to one: UTF-8 in raw headers (RFC 6532) needs decoding.
      const value = Buffer.from(line.slice(line.indexOf(':') + 1), 'latin1').toString('utf8');
      return { name: key, value };
    }),
  );
  const text = capText(mail.text || (mail.html ? htmlToText(mail.html) : ''));
  const firstFrom = mail.from?.value.find((a) => a.address);
  const from = firstFrom?.address ? { address: firstFrom.address.trim(), name: firstFrom.name } : null;
  return {
    ...fromHeaders(headers),
    from,
    to: addressesOf(mail.to),
    subject: mail.subject ?? '',
    text,
    report: readReport(mail, headers, from, text),
    unreadable: unreadableReason(raw, mail),
  };
}

/** RFC 5322 field names: printable US-ASCII other than the colon (so no space either). */
const FIELD_NAME = /^[!-9;-~]+$/;

/**
 * What mailparser cannot read, though it never throws on it (it reads on, and a person's words
 * end up as header fields or nowhere):
 * - no blank line between header and body (every mail program writes one; without it the first
 *   lines of the body are read as header fields), or a header line that is no field at all;
 * - a multipart message without a boundary, or whose boundary never starts a line of the body;
 * - a body with something in it of which the parser made no text, HTML or attachment (a part in
 *   an encoding that does not decode, a nested multipart whose boundary is wrong, parts all empty).
 * A message with an empty body is readable: it just says nothing.
 */
export function unreadableReason(raw: Buffer | string, mail: ParsedMail): string | null {
  const source = typeof raw === 'string' ? raw : raw.toString('latin1');
  const blank = /\r?\n\r?\n/.exec(source);
  const startsBlank = /^\r?\n/.test(source);
  if (!blank && !startsBlank) return 'no blank line between the header and the body';
  if (mail.headerLines.some(({ key }) => !FIELD_NAME.test(key)))
    return 'a header line that is no header field (no blank line before the body)';
  const body = startsBlank ? source : source.slice(blank!.index + blank![0].length);
  const contentType = mail.headers.get('content-type') as
    | { value?: string; params?: Record<string, string> }
    | undefined;
  if (contentType?.value?.toLowerCase().startsWith('multipart/')) {
    const boundary = contentType.params?.boundary;
    if (!boundary) return 'a multipart message without a boundary';
    const delimiter = `--${boundary}`;
    if (!body.split(/\r?\n/).some((line) => line.startsWith(delimiter)))
      return 'a multipart message whose boundary is not in its body';
  }
  const nothingRead = !mail.text && !mail.html && mail.attachments.length === 0;
  if (nothingRead && body.trim() !== '') return 'a body of which no part could be read';
  return null;
}

/**
 * For providers that list headers only (Gmail's metadata format, Graph's internetMessageHeaders):
 * no parts to read, so a delivery report is known only from its Content-Type and the
 * non-standard signs (X-Failed-Recipients). The snippet must already be plain text (Gmail's is
 * HTML-escaped).
 */
export function parseHeaderOnlyMessage(
  list: { name: string; value: string }[],
  snippet = '',
): InboundMessage {
  const headers = headerMap(list);
  const fromValue = first(headers, 'from');
  const from = fromValue ? senderOf(fromValue) : null;
  const text = capText(snippet);
  const reportType = multipartReportType(first(headers, 'content-type') ?? '');
  const recipients =
    reportType === null || reportType === 'delivery-status' ? inferRecipients(headers, from, text) : [];
  const report =
    reportType !== null || recipients.length > 0 ? { reportType, recipients, originalMessageId: null } : null;
  return {
    ...fromHeaders(headers),
    from,
    to: (headers.get('to') ?? []).flatMap((v) => parseAddresses(v).map((a) => a.address)),
    subject: decodeWords(first(headers, 'subject') ?? ''),
    text,
    report,
    // Only the headers are here: nothing to find broken.
    unreadable: null,
  };
}

/**
 * The Message-IDs this message points at, most telling first: the reported message of a bounce or
 * receipt, then In-Reply-To, then References from the newest. Later code matches them to ours.
 */
export function referencedMessageIds(msg: InboundMessage): string[] {
  const ids = [msg.report?.originalMessageId ?? null, ...msg.inReplyTo, ...[...msg.references].reverse()];
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

function fromHeaders(headers: Map<string, string[]>) {
  const date = first(headers, 'date');
  // Parsed here rather than by mailparser, which turns an unreadable Date into "now".
  const parsedDate = date ? new Date(stripComments(date)) : null;
  return {
    messageId: messageIds(first(headers, 'message-id') ?? '')[0] ?? null,
    inReplyTo: (headers.get('in-reply-to') ?? []).flatMap(messageIds),
    references: (headers.get('references') ?? []).flatMap(messageIds),
    date: parsedDate && !Number.isNaN(parsedDate.getTime()) ? parsedDate : null,
    headers,
  };
}

function headerMap(list: { name: string; value: string }[]) {
  const map = new Map<string, string[]>();
  for (const { name, value } of list) {
    const key = name.trim().toLowerCase();
    map.set(key, [...(map.get(key) ?? []), unfold(value)]);
  }
  return map;
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects
    .flatMap((o) => o.value)
    .flatMap((a) => (a.group ? a.group : [a]))
    .map((a) => a.address?.trim() ?? '')
    .filter(Boolean);
}

/** Cut at the byte limit without leaving half a character behind. */
function capText(text: string) {
  const head = text.length > TEXT_LIMIT_BYTES ? text.slice(0, TEXT_LIMIT_BYTES) : text;
  const bytes = Buffer.from(head, 'utf8');
  if (bytes.length <= TEXT_LIMIT_BYTES) return head;
  return bytes
    .subarray(0, TEXT_LIMIT_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}

import { compile } from 'html-to-text';
import { type AddressObject, type ParsedMail, type SimpleParserOptions, simpleParser } from 'mailparser';
import addressparser from 'nodemailer/lib/addressparser';

/** One recipient of an RFC 3464 delivery report. Values keep the wording the reporting MTA used. */
export type DeliveryRecipient = {
  /** The address without its address-type ("rfc822;") and angle brackets. */
  finalRecipient: string | null;
  /** Original-Recipient, the same way: the address as first given, before any forwarding. */
  originalRecipient?: string | null;
  /** Lower-case: failed, delayed, delivered, relayed or expanded. */
  action: string | null;
  /** The RFC 3463 enhanced status code, e.g. "5.1.1"; taken from the diagnostic when Status is missing. */
  status: string | null;
  /** The diagnostic without its diagnostic-type ("smtp;"), unfolded. */
  diagnosticCode: string | null;
};

export type DeliveryReport = {
  /**
   * The report-type of a multipart/report ("delivery-status", "disposition-notification", …), or
   * null when the report was read from a non-standard bounce (X-Failed-Recipients, a mailer
   * daemon's plain-text notice).
   */
  reportType: string | null;
  recipients: DeliveryRecipient[];
  /** The Message-ID of the message the report is about, from the returned headers or message. */
  originalMessageId: string | null;
};

/** What every provider's inbound message is turned into; message-ids are kept without angle brackets. */
export type InboundMessage = {
  messageId: string | null;
  inReplyTo: string[];
  references: string[];
  from: { address: string; name: string } | null;
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

const DAEMON_LOCAL_PART =
  /^(mailer-daemon|mailerdaemon|mail-daemon|postmaster|microsoftexchange[0-9a-f]{32})$/i;

/** Mail systems, not people: the senders of bounces and other delivery notices. */
export function isMailSystem(from: InboundMessage['from']) {
  if (!from) return false;
  const local = from.address.slice(0, from.address.lastIndexOf('@'));
  return DAEMON_LOCAL_PART.test(local) || /^mail delivery (subsystem|system)$/i.test(from.name.trim());
}

/** The first address of a From header value, with its display name decoded. */
export function senderOf(value: string): InboundMessage['from'] {
  const [firstFrom] = parseAddresses(value);
  return firstFrom ? { address: firstFrom.address, name: decodeWords(firstFrom.name) } : null;
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

function first(headers: Map<string, string[]>, name: string) {
  return headers.get(name)?.[0];
}

export function unfold(value: string) {
  return value.replace(/\r?\n(?=[ \t])/g, '').trim();
}

function stripComments(value: string) {
  return value.replace(/\([^()]*\)/g, ' ').trim();
}

/** Ids in angle brackets; bare ids containing "@" when a sender left the brackets out. */
export function messageIds(value: string): string[] {
  const bracketed = [...value.matchAll(/<([^<>]*)>/g)].map((m) => m[1]!.trim()).filter(Boolean);
  if (bracketed.length > 0) return bracketed;
  return value.split(/[\s,]+/).filter((token) => token.includes('@'));
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects
    .flatMap((o) => o.value)
    .flatMap((a) => (a.group ? a.group : [a]))
    .map((a) => a.address?.trim() ?? '')
    .filter(Boolean);
}

function parseAddresses(value: string) {
  return addressparser(value, { flatten: true }).filter((a) => a.address);
}

/** RFC 2047 encoded-words, for header values a provider passes on undecoded. */
export function decodeWords(value: string) {
  return value
    .replace(/(=\?[^?\s]+\?[bq]\?[^?\s]*\?=)\s+(?==\?)/gi, '$1')
    .replace(
      /=\?([^?\s*]+)(?:\*[^?\s]*)?\?([bq])\?([^?\s]*)\?=/gi,
      (word: string, charset: string, encoding: string, data: string) => {
        try {
          const bytes =
            encoding.toLowerCase() === 'b'
              ? Buffer.from(data, 'base64')
              : Buffer.from(
                  data
                    .replace(/_/g, ' ')
                    .replace(/=([0-9a-f]{2})/gi, (_: string, hex: string) =>
                      String.fromCharCode(Number.parseInt(hex, 16)),
                    ),
                  'latin1',
                );
          return new TextDecoder(charset).decode(bytes);
        } catch {
          return word;
        }
      },
    );
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

/** The report-type of a multipart/report Content-Type; null for anything else or when it is missing. */
function multipartReportType(contentType: string): string | null {
  if (!/^\s*multipart\/report\s*(;|$)/i.test(contentType)) return null;
  const param = /;\s*report-type\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return param ? param[1]!.toLowerCase() : null;
}

const DSN_TYPES = ['message/delivery-status', 'message/global-delivery-status'];
const MDN_TYPES = ['message/disposition-notification', 'message/global-disposition-notification'];
const RETURNED_TYPES = ['text/rfc822-headers', 'message/global-headers', 'message/rfc822', 'message/global'];

function readReport(
  mail: ParsedMail,
  headers: Map<string, string[]>,
  from: InboundMessage['from'],
  text: string,
): DeliveryReport | null {
  const partsOf = (types: string[]) =>
    mail.attachments
      .filter((a) => types.includes(a.contentType.toLowerCase()))
      .map((a) => a.content.toString('utf8'));
  const dsn = partsOf(DSN_TYPES);
  const mdn = partsOf(MDN_TYPES);
  const declared = multipartReportType(first(headers, 'content-type') ?? '');
  const reportType =
    declared ?? (dsn.length > 0 ? 'delivery-status' : mdn.length > 0 ? 'disposition-notification' : null);
  const dsnFields = dsn.flatMap(fieldBlocks);
  let recipients = dsnFields.filter(isRecipientBlock).map(recipientOf);
  if (recipients.length === 0 && (reportType === null || reportType === 'delivery-status'))
    recipients = inferRecipients(headers, from, text);
  if (reportType === null && recipients.length === 0) return null;

  const originalMessageId =
    partsOf(RETURNED_TYPES)
      .map((part) => messageIdField(fieldBlocks(headerSection(part))[0]))
      .find((id) => id !== null) ??
    mdn.map((part) => idField(fieldBlocks(part)[0], 'original-message-id')).find((id) => id !== null) ??
    // Gmail names the message in the DSN's per-message fields.
    idField(dsnFields[0], 'x-original-message-id') ??
    quotedMessageId(text);
  return { reportType, recipients, originalMessageId };
}

type Fields = Map<string, string>;

/** Header-style blocks separated by blank lines (RFC 3464 §2.1), folding undone; first field wins. */
function fieldBlocks(content: string): Fields[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => {
      const fields: Fields = new Map();
      for (const line of block.replace(/\n(?=[ \t])/g, '').split('\n')) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line
          .slice(colon + 1)
          .replace(/\s+/g, ' ')
          .trim();
        if (!fields.has(name)) fields.set(name, value);
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

function isRecipientBlock(fields: Fields) {
  return fields.has('final-recipient') || fields.has('original-recipient') || fields.has('action');
}

const STATUS_CODE = /(?<![\d.])[245]\.\d{1,3}\.\d{1,3}(?!\.?\d)/;
const FAILURE_CODE = /(?<![\d.])[45]\.\d{1,3}\.\d{1,3}(?!\.?\d)/;

function recipientOf(fields: Fields): DeliveryRecipient {
  const recipient = fields.get('final-recipient') ?? fields.get('original-recipient');
  const diagnostic = fields.get('diagnostic-code');
  const diagnosticCode = diagnostic ? afterType(diagnostic) : null;
  const status = STATUS_CODE.exec(fields.get('status') ?? '')?.[0] ?? null;
  const original = fields.get('original-recipient');
  return {
    finalRecipient: recipient ? afterType(recipient).replace(/^<|>$/g, '') || null : null,
    originalRecipient: original ? afterType(original).replace(/^<|>$/g, '') || null : null,
    action: fields.get('action')?.split(/\s/)[0]?.toLowerCase() || null,
    status: status ?? (diagnosticCode ? (STATUS_CODE.exec(diagnosticCode)?.[0] ?? null) : null),
    diagnosticCode: diagnosticCode || null,
  };
}

/** "rfc822; bob@example.org" → "bob@example.org"; the value as it is when it has no type. */
function afterType(value: string) {
  const semicolon = value.indexOf(';');
  return (semicolon >= 0 ? value.slice(semicolon + 1) : value).trim();
}

/** A returned message's header, without the body that may be as large as the message was. */
function headerSection(message: string) {
  return message.split(/\r?\n[ \t]*\r?\n/, 1)[0] ?? '';
}

function messageIdField(fields: Fields | undefined) {
  return idField(fields, 'message-id');
}

function idField(fields: Fields | undefined, name: string) {
  const value = fields?.get(name);
  return value ? (messageIds(value)[0] ?? null) : null;
}

/** A returned message quoted in the text, as old Gmail and Exchange notices do. */
function quotedMessageId(text: string) {
  const line = /^[ \t]*Message-ID:[ \t]*(.+)$/im.exec(text);
  return line ? (messageIds(line[1]!)[0] ?? null) : null;
}

/**
 * Recipients of a bounce without a readable delivery-status part: from X-Failed-Recipients (Exim,
 * Gmail) or Final-Recipient lines in a mail system's text, with the status code found in the text.
 * Nothing for an ordinary message, so a person quoting a status code is not a bounce.
 */
function inferRecipients(
  headers: Map<string, string[]>,
  from: InboundMessage['from'],
  text: string,
): DeliveryRecipient[] {
  const failed = (headers.get('x-failed-recipients') ?? []).flatMap((v) =>
    parseAddresses(v).map((a) => a.address),
  );
  const recipientLine = /^[ \t]*(?:Final|Original)-Recipient:[ \t]*(.+)$/im.exec(text);
  const statusLine = /^[ \t]*Status:[ \t]*(\S+)/im.exec(text);
  const statusField = statusLine ? (STATUS_CODE.exec(statusLine[1]!)?.[0] ?? null) : null;
  const codeInText = statusField ? null : FAILURE_CODE.exec(text);
  const status = statusField ?? codeInText?.[0] ?? null;
  if (failed.length === 0 && !(isMailSystem(from) && (recipientLine || status))) return [];

  const diagnosticLine = /^[ \t]*Diagnostic-Code:[ \t]*(.+)$/im.exec(text)?.[1];
  // Without a Diagnostic-Code, the line the code appears in is the server's answer.
  const codeLine = codeInText
    ? text.slice(text.lastIndexOf('\n', codeInText.index) + 1).split('\n')[0]
    : undefined;
  const actionLine = /^[ \t]*Action:[ \t]*(\w+)/im.exec(text)?.[1];
  const delayed =
    /\b(delayed|not yet been delivered|will (continue to )?(retry|try again)|still (being )?(retried|trying))\b/i;
  const shared = {
    // Only the notice's opening says whether it gave up: the returned message below it could say anything.
    action: actionLine?.toLowerCase() ?? (delayed.test(text.slice(0, 1000)) ? 'delayed' : 'failed'),
    status,
    diagnosticCode: (diagnosticLine ? afterType(diagnosticLine) : codeLine?.trim()) || null,
  };
  const fromLine = recipientLine ? afterType(recipientLine[1]!).replace(/^<|>$/g, '') : null;
  const addresses = failed.length > 0 ? failed : [fromLine];
  return addresses.map((finalRecipient) => ({ finalRecipient, originalRecipient: null, ...shared }));
}

import type { ParsedMail } from 'mailparser';
import { first, isMailSystem, messageIds, parseAddresses, type Sender } from './message-headers';

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

/** The report-type of a multipart/report Content-Type; null for anything else or when it is missing. */
export function multipartReportType(contentType: string): string | null {
  if (!/^\s*multipart\/report\s*(;|$)/i.test(contentType)) return null;
  const param = /;\s*report-type\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return param ? param[1]!.toLowerCase() : null;
}

const DSN_TYPES = ['message/delivery-status', 'message/global-delivery-status'];
const MDN_TYPES = ['message/disposition-notification', 'message/global-disposition-notification'];
const RETURNED_TYPES = ['text/rfc822-headers', 'message/global-headers', 'message/rfc822', 'message/global'];

export function readReport(
  mail: ParsedMail,
  headers: Map<string, string[]>,
  from: Sender,
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
export function inferRecipients(
  headers: Map<string, string[]>,
  from: Sender,
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

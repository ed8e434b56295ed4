import { randomBytes } from 'node:crypto';
import type { AddressObject } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import {
  type Call,
  GRAPH_READ_SCOPES,
  graphDenied,
  headerList,
  httpError,
  type Json,
  parseJson,
  type Reply,
  requireScope,
} from './mail-fake-http';
import {
  type DeltaCursor,
  type DeltaQuery,
  decode,
  findMessage,
  newId,
  type SentMessage,
  type State,
  type StoredMessage,
  sentConversation,
  store,
} from './mail-store';
import { asOwner } from './sender-rules';

/**
 * Microsoft Graph's mail endpoints the app calls, under /graph/v1.0/me/: sendMail (which joins no
 * conversation: Exchange drops In-Reply-To and References), reply on a message (MIME form, into
 * its conversation), the Sent Items lookup by internetMessageId, the Inbox's messages delta, and one message as JSON or as MIME
 * ($value), with Microsoft's permission rules (Mail.ReadBasic reads no bodies) and error codes.
 */

const BAD_BASE64 = 'Invalid base64 string for MIME content.';
const ODATA_EQ = /^\s*internetMessageId\s+eq\s+'((?:[^']|'')*)'\s*$/i;
const BASE64 = /^[A-Za-z0-9+/_\-\r\n]*={0,2}\s*$/;
const INBOX_ID = 'AQMkADAwATM3ZmYAZS1mYWtlAC1pbmJveAAuAAADAAAA';
const SENT_ID = 'AQMkADAwATM3ZmYAZS1mYWtlAC1zZW50AAuAAADAAAA';
/** Outlook's page size when the client states no odata.maxpagesize preference. */
const DEFAULT_PAGE_SIZE = 10;
const DELTA = /^\/v1\.0\/me\/mailFolders(?:\/([^/()]+)|\('([^']*)'\))\/messages\/delta$/i;

/** Every property of Graph's message type; `$select` of any other name is refused. */
const PROPERTIES = [
  'id',
  'createdDateTime',
  'lastModifiedDateTime',
  'changeKey',
  'categories',
  'receivedDateTime',
  'sentDateTime',
  'hasAttachments',
  'internetMessageId',
  'subject',
  'bodyPreview',
  'importance',
  'parentFolderId',
  'conversationId',
  'conversationIndex',
  'isDeliveryReceiptRequested',
  'isReadReceiptRequested',
  'isRead',
  'isDraft',
  'webLink',
  'inferenceClassification',
  'body',
  'uniqueBody',
  'sender',
  'from',
  'toRecipients',
  'ccRecipients',
  'bccRecipients',
  'replyTo',
  'flag',
  'internetMessageHeaders',
];
/** What Mail.ReadBasic withholds: bodies and previews. */
const BODY_PROPERTIES = ['body', 'bodyPreview', 'uniqueBody'];
/** Graph returns these only when `$select` names them. */
const SELECT_ONLY = ['uniqueBody', 'internetMessageHeaders'];

const notFound = () =>
  httpError(404, 'The specified object was not found in the store.', 'ErrorItemNotFound');
const badQuery = (message: string) => httpError(400, message, 'BadRequest');
/** What Outlook answers to a delta or skip token it no longer (or never) had. */
const syncStateNotFound = () =>
  httpError(
    410,
    'The sync state generation is not found; the client must sync again in full.',
    'SyncStateNotFound',
  );

const basicOnly = (scopes: Set<string> | null) =>
  scopes !== null && !scopes.has('Mail.Read') && !scopes.has('Mail.ReadWrite');

/** `$select` names, in Graph's spelling; a body under Mail.ReadBasic is refused outright. */
function selection(raw: string, scopes: Set<string> | null): string[] {
  const names = raw.split(',').map((name) => {
    const known = PROPERTIES.find((p) => p.toLowerCase() === name.trim().toLowerCase());
    const unknown = `Could not find a property named '${name.trim()}' on type 'microsoft.graph.message'.`;
    if (!known) throw httpError(400, unknown, 'RequestBroker--ParseUri');
    return known;
  });
  if (basicOnly(scopes) && names.some((n) => BODY_PROPERTIES.includes(n))) throw graphDenied();
  return names;
}

const graphDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const recipients = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []]
    .flat()
    .flatMap((o) => o.value)
    .map(({ name, address }) => ({ emailAddress: { name: name || address, address } }));

function messageResource(m: StoredMessage): Record<string, unknown> {
  const { parsed } = m;
  const at = graphDate(m.at);
  const text = parsed.text ?? '';
  const html = typeof parsed.html === 'string' ? parsed.html : undefined;
  const body =
    html === undefined ? { contentType: 'text', content: text } : { contentType: 'html', content: html };
  const from = recipients(parsed.from)[0] ?? null;
  return {
    id: m.id,
    createdDateTime: at,
    lastModifiedDateTime: at,
    changeKey: `CQAAAB${m.change}`,
    categories: [],
    receivedDateTime: at,
    sentDateTime: graphDate(parsed.date ?? m.at),
    hasAttachments: parsed.attachments.length > 0,
    internetMessageId: m.messageId,
    subject: parsed.subject ?? '',
    bodyPreview: text.replace(/\s+/g, ' ').trim().slice(0, 255),
    importance: 'normal',
    parentFolderId: m.labelIds.includes('SENT') ? SENT_ID : INBOX_ID,
    conversationId: m.threadId,
    conversationIndex: null,
    isDeliveryReceiptRequested: false,
    isReadReceiptRequested: false,
    isRead: false,
    isDraft: false,
    webLink: `https://outlook.office365.com/owa/?ItemID=${encodeURIComponent(m.id)}`,
    inferenceClassification: 'focused',
    body,
    uniqueBody: body,
    sender: from,
    from,
    toRecipients: recipients(parsed.to),
    ccRecipients: recipients(parsed.cc),
    bccRecipients: [],
    replyTo: recipients(parsed.replyTo),
    flag: { flagStatus: 'notFlagged' },
    internetMessageHeaders: headerList(parsed),
  };
}

/** A message as Graph lists it: the selected properties (id always), else the defaults the token may read. */
function project(m: StoredMessage, select: string[] | undefined, scopes: Set<string> | null) {
  const withheld = [...SELECT_ONLY, ...(basicOnly(scopes) ? BODY_PROPERTIES : [])];
  const names = select ?? PROPERTIES.filter((p) => !withheld.includes(p));
  const resource = messageResource(m);
  const fields = Object.fromEntries(['id', ...names].map((name) => [name, resource[name]]));
  return { '@odata.type': '#microsoft.graph.message', '@odata.etag': `W/"CQAAAB${m.change}"`, ...fields };
}

/** The options a delta round keeps, as Graph encodes them into its links; only the first request sets them. */
function deltaQuery(url: URL, scopes: Set<string> | null): DeltaQuery {
  const q = url.searchParams;
  if (q.has('$search')) throw badQuery('$search is not supported on delta queries.');
  const orderby = q.get('$orderby');
  if (orderby !== null && !/^\s*receivedDateTime\s+desc\s*$/i.test(orderby)) {
    throw badQuery('The only $orderby a messages delta supports is receivedDateTime desc.');
  }
  const filter = q.get('$filter');
  const since = filter === null ? null : /^\s*receivedDateTime\s+(ge|gt)\s+(\S+)\s*$/i.exec(filter);
  const at = Date.parse(since?.[2] ?? '');
  if (filter !== null && Number.isNaN(at)) {
    throw badQuery('The only $filter a messages delta supports is receivedDateTime ge or gt a date.');
  }
  const changeType = q.get('changeType') ?? undefined;
  if (changeType !== undefined && !['created', 'updated', 'deleted'].includes(changeType)) {
    throw badQuery(`Invalid changeType '${changeType}'.`);
  }
  const select = q.has('$select') ? selection(q.get('$select')!, scopes) : undefined;
  const inclusive = since?.[1]?.toLowerCase() === 'ge';
  return { select, since: since ? { at, inclusive } : undefined, newestFirst: orderby !== null, changeType };
}

/** odata.maxpagesize from the Prefer header, when the client states one. */
function preferredPageSize(call: Call): number | undefined {
  const prefer = [call.headers.prefer ?? []].flat().join(',');
  const size = /odata\.maxpagesize\s*=\s*(\d+)/i.exec(prefer)?.[1];
  return size && Number(size) > 0 ? Number(size) : undefined;
}

/** The Inbox messages a round covers, in a fixed order so offsets stay valid across its pages. */
function roundMessages(s: State, cursor: DeltaCursor & { upTo: number }) {
  const { since, changeType, newestFirst } = cursor.query;
  // Nothing in the fake's mailboxes is ever updated or deleted, so later rounds of those types are empty.
  const createdOnly = !cursor.firstRound && changeType !== undefined && changeType !== 'created';
  const inRound = s.messages.filter(
    (m) =>
      !createdOnly &&
      m.labelIds.includes('INBOX') &&
      m.change > cursor.afterChange &&
      m.change <= cursor.upTo &&
      (!since || m.at.getTime() > since.at || (since.inclusive && m.at.getTime() === since.at)),
  );
  return newestFirst
    ? inRound.sort((a, b) => b.at.getTime() - a.at.getTime() || b.change - a.change)
    : inRound;
}

/** Keeps `next` under a fresh opaque token and links to it: a nextLink mid-round, else the deltaLink. */
function linkTo(s: State, call: Call, next: DeltaCursor): Record<string, string> {
  const id = randomBytes(24).toString('base64url');
  s.cursors.set(id, next);
  const more = next.upTo !== undefined;
  const delta = `${call.url.origin}/graph/v1.0/me/mailFolders('${INBOX_ID}')/messages/delta`;
  const link = `${delta}?${more ? '$skiptoken' : '$deltatoken'}=${id}`;
  return { [more ? '@odata.nextLink' : '@odata.deltaLink']: link };
}

function messagesDelta(s: State, call: Call): Reply {
  requireScope('graph', call.scopes, GRAPH_READ_SCOPES);
  const skip = call.url.searchParams.get('$skiptoken');
  const token = skip ?? call.url.searchParams.get('$deltatoken');
  const known = token === null ? undefined : s.cursors.get(token);
  // A nextLink's token continues a round (it has `upTo`); a deltaLink's starts the next one.
  if (token !== null && (!known || (skip !== null) !== (known.upTo !== undefined))) throw syncStateNotFound();
  const query = known?.query ?? deltaQuery(call.url, call.scopes);
  // The links carry the query, but each request's token must still be allowed what it selects.
  if (query.select) selection(query.select.join(','), call.scopes);
  const cursor = known ?? { query, afterChange: 0, offset: 0, firstRound: true };
  const round = { ...cursor, upTo: cursor.upTo ?? s.historyId };
  const all = roundMessages(s, round);
  const size = preferredPageSize(call);
  const end = round.offset + (size ?? DEFAULT_PAGE_SIZE);
  const next =
    end < all.length
      ? { ...round, offset: end }
      : { query, afterChange: round.upTo, offset: 0, firstRound: false };
  const value = all.slice(round.offset, end).map((m) => project(m, query.select, call.scopes));
  const context = `${call.url.origin}/graph/v1.0/$metadata#Collection(message)`;
  const headers: Record<string, string> = size ? { 'preference-applied': `odata.maxpagesize=${size}` } : {};
  return { status: 200, body: { '@odata.context': context, ...linkTo(s, call, next), value }, headers };
}

function getMessage(s: State, { url, scopes }: Call, id: string): Reply {
  requireScope('graph', scopes, GRAPH_READ_SCOPES);
  const select = url.searchParams.has('$select')
    ? selection(url.searchParams.get('$select')!, scopes)
    : undefined;
  const m = findMessage(s, id);
  if (!m) throw notFound();
  const context = `${url.origin}/graph/v1.0/$metadata#users('me')/messages/$entity`;
  return { status: 200, body: { '@odata.context': context, ...project(m, select, scopes) } };
}

/** The message as MIME, whole: its body included, so Mail.ReadBasic may not read it. */
function getMime(s: State, { scopes }: Call, id: string): Reply {
  requireScope('graph', scopes, GRAPH_READ_SCOPES);
  if (basicOnly(scopes)) throw graphDenied();
  const m = findMessage(s, id);
  if (!m) throw notFound();
  return { status: 200, body: m.raw, headers: { 'content-type': 'text/plain' } };
}

/** Graph's JSON sendMail form, turned into MIME so both forms are inspected the same way. */
async function composeGraphJson(message: Json): Promise<string> {
  const list = (recipients: Json) =>
    Array.isArray(recipients) ? recipients.map((r: Json) => r?.emailAddress).filter(Boolean) : [];
  const custom: Json[] = Array.isArray(message.internetMessageHeaders) ? message.internetMessageHeaders : [];
  // Graph's JSON form only takes custom X- headers (no List-Unsubscribe): one reason the app sends MIME.
  const bad = custom.find((h) => !/^x-/i.test(String(h?.name)));
  const badText = `The internet message header name '${bad?.name}' should start with 'x-' or 'X-'.`;
  if (bad) throw httpError(400, badText, 'InvalidInternetMessageHeader');
  const headers = Object.fromEntries(custom.map((h) => [String(h.name), String(h.value)]));
  const html = /^html$/i.test(String(message.body?.contentType));
  const content = String(message.body?.content ?? '');
  const [to, cc, bcc] = [list(message.toRecipients), list(message.ccRecipients), list(message.bccRecipients)];
  const from = message.from?.emailAddress ?? 'me@graph.fake';
  const { subject, internetMessageId: messageId } = message;
  const body = html ? { html: content } : { text: content };
  const mime = new MailComposer({ from, to, cc, bcc, subject, messageId, headers, ...body }).compile();
  mime.keepBcc = true;
  return (await mime.build()).toString('utf8');
}

/** The base64 MIME body of sendMail and reply (Content-Type text/plain), decoded. */
function mimeBody(body: string): string {
  const invalid = !body.trim() || !BASE64.test(body);
  if (invalid) throw httpError(400, BAD_BASE64, 'ErrorMimeContentInvalidBase64String');
  return Buffer.from(body, 'base64').toString('utf8');
}

/**
 * The message with its In-Reply-To and References replaced by `thread`'s (or removed): Exchange
 * keeps only the threading it makes itself, so a message sent through sendMail joins no
 * conversation, and a reply answers exactly the message it was sent on.
 */
function rethreaded(raw: string, thread: { inReplyTo: string; references: string[] } | null): string {
  const end = raw.indexOf('\r\n\r\n');
  const head = end < 0 ? raw : raw.slice(0, end);
  const kept = head.split('\r\n').reduce<{ lines: string[]; dropping: boolean }>(
    (acc, line) => {
      const continued = /^[ \t]/.test(line);
      const dropping = continued ? acc.dropping : /^(in-reply-to|references):/i.test(line);
      if (!dropping) acc.lines.push(line);
      return { lines: acc.lines, dropping };
    },
    { lines: [], dropping: false },
  ).lines;
  if (thread)
    kept.push(
      `In-Reply-To: ${thread.inReplyTo}`,
      `References: ${[...thread.references, thread.inReplyTo].join(' ')}`,
    );
  return kept.join('\r\n') + (end < 0 ? '' : raw.slice(end));
}

/** POST /me/messages/{id}/reply in the MIME form: sent into the conversation of message `id`. */
async function replyTo(
  s: State,
  { body, token, contentType, scopes, owner }: Call,
  id: string,
): Promise<Reply> {
  requireScope('graph', scopes, ['Mail.Send']);
  const original = findMessage(s, id);
  if (!original)
    throw httpError(404, 'The specified object was not found in the store.', 'ErrorItemNotFound');
  if (!/^text\/plain\b/i.test(contentType))
    throw httpError(400, 'The fake Graph takes replies in the MIME form only.', 'ErrorInvalidRequest');
  const references = [original.parsed.references ?? []].flat();
  const raw = rethreaded(mimeBody(body), { inReplyTo: original.messageId ?? '', references });
  const record = await asOwner(
    'graph',
    await decode(raw, token, 'At least one recipient is required.'),
    owner,
  );
  const sentId = newId('graph');
  s.sent.push({ id: sentId, threadId: original.threadId, ...record });
  const { parsed, messageId, at } = record;
  store(s, { id: sentId, threadId: original.threadId, raw, parsed, messageId, labelIds: ['SENT'], at });
  return { status: 202, cut: s.cuts.shift() };
}

async function sendMail(s: State, { body, token, contentType, scopes, owner }: Call): Promise<Reply> {
  requireScope('graph', scopes, ['Mail.Send']);
  let raw: string;
  let saveToSentItems = true;
  if (/^text\/plain\b/i.test(contentType)) {
    raw = rethreaded(mimeBody(body), null);
  } else {
    const json = parseJson(body);
    if (typeof json?.message !== 'object' || json.message === null) {
      throw httpError(400, 'Empty Payload. JSON content expected.', 'ErrorInvalidRequest');
    }
    saveToSentItems = json.saveToSentItems !== false && json.saveToSentItems !== 'false';
    raw = await composeGraphJson(json.message);
  }
  const record = await asOwner(
    'graph',
    await decode(raw, token, 'At least one recipient is required.'),
    owner,
  );
  // Only what lands in Sent Items can be found again: saveToSentItems false leaves no trace.
  if (saveToSentItems) {
    const id = newId('graph');
    const { parsed, messageId, at } = record;
    const threadId = sentConversation(s, parsed);
    s.sent.push({ id, threadId, ...record });
    store(s, { id, threadId, raw, parsed, messageId, labelIds: ['SENT'], at });
  }
  return { status: 202, cut: s.cuts.shift() };
}

function sentItem(m: SentMessage, select: string[] | undefined) {
  const toRecipients = m.to.map((address) => ({ emailAddress: { address } }));
  const full: Record<string, unknown> = { id: m.id, internetMessageId: m.messageId, toRecipients };
  Object.assign(full, { subject: m.parsed.subject, sentDateTime: m.at.toISOString() });
  return select ? Object.fromEntries(select.map((f) => [f.trim(), full[f.trim()]])) : full;
}

function sentItems(s: State, { url, scopes }: Call): Reply {
  requireScope('graph', scopes, GRAPH_READ_SCOPES);
  // Mail.ReadBasic reads everything but bodies, and does not allow searching.
  const asksBody = (url.searchParams.get('$select') ?? '')
    .split(',')
    .some((f) => BODY_PROPERTIES.some((b) => b.toLowerCase() === f.trim().toLowerCase()));
  if (basicOnly(scopes) && (asksBody || url.searchParams.has('$search'))) throw graphDenied();
  const filter = url.searchParams.get('$filter');
  const match = filter === null ? null : ODATA_EQ.exec(filter);
  if (filter !== null && !match) throw httpError(400, 'Invalid filter clause', 'BadRequest');
  // Graph compares the stored value, angle brackets included, so the app must send them.
  const wanted = match?.[1]?.replace(/''/g, "'");
  const select = url.searchParams.get('$select')?.split(',');
  const value = s.sent
    .filter((m) => wanted === undefined || m.messageId === wanted)
    .reverse()
    .map((m) => sentItem(m, select));
  const context = `${url.origin}/graph/v1.0/$metadata#messages`;
  return { status: 200, body: { '@odata.context': context, value } };
}

/** Answers one Graph call; the path is matched decoded, since clients may or may not escape ( ' ) =. */
export async function graphRoute(s: State, call: Call): Promise<Reply> {
  const { method, path: raw } = call;
  const path = safeDecode(raw);
  if (method === 'POST' && /^\/v1\.0\/me\/sendMail$/i.test(path)) return sendMail(s, call);
  const answered = /^\/v1\.0\/me\/messages\/([^/]+)\/reply$/i.exec(path)?.[1];
  if (method === 'POST' && answered !== undefined) return replyTo(s, call, answered);
  if (method === 'GET' && /^\/v1\.0\/me\/mailFolders\/sentitems\/messages$/i.test(path))
    return sentItems(s, call);
  const delta = DELTA.exec(path);
  const folder = delta?.[1] ?? delta?.[2];
  if (method === 'GET' && folder !== undefined) {
    if (folder.toLowerCase() === 'inbox' || folder === INBOX_ID) return messagesDelta(s, call);
    throw httpError(404, `The fake Graph keeps no delta for folder '${folder}'.`, 'ErrorItemNotFound');
  }
  const mime = /^\/v1\.0\/me\/messages\/([^/]+)\/\$value$/i.exec(path)?.[1];
  if (method === 'GET' && mime !== undefined) return getMime(s, call, mime);
  const one = /^\/v1\.0\/me\/messages\/([^/]+)$/i.exec(path)?.[1];
  if (method === 'GET' && one !== undefined) return getMessage(s, call, one);
  throw httpError(404, `Resource not found for the segment '${path.split('/').at(-1)}'.`);
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

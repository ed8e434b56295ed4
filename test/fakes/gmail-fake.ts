import type { ParsedMail } from 'mailparser';
import {
  type Call,
  decodeToken,
  encodeToken,
  GMAIL_METADATA,
  GMAIL_PROFILE_SCOPES,
  GMAIL_READ_SCOPES,
  GMAIL_SEND_SCOPES,
  headerList,
  httpError,
  metadataForbids,
  mimeTypeOf,
  parseJson,
  type Reply,
  requireScope,
  stripBrackets,
} from './mail-fake-http';
import {
  addresses,
  decode,
  findMessage,
  newId,
  repliedThread,
  type State,
  type StoredMessage,
  store,
} from './mail-store';
import { asOwner } from './sender-rules';

/**
 * The Gmail API's users.* methods the app calls, under /gmail/v1/users/{userId}/: messages.send,
 * messages.get and messages.list (the whole mailbox, sent and received), history.list and
 * getProfile, with Google's parameter checks, paging and refusals.
 */

const NO_RAW = "'raw' RFC822 payload message string or uploading message via /upload/* URL required";
const BASE64 = /^[A-Za-z0-9+/_\-\r\n]*={0,2}\s*$/;
const FORMATS = ['minimal', 'full', 'raw', 'metadata'];
const HISTORY_TYPES = ['messageAdded', 'messageDeleted', 'labelAdded', 'labelRemoved'];
const SYSTEM_LABELS = [
  'INBOX',
  'SENT',
  'UNREAD',
  'STARRED',
  'IMPORTANT',
  'SPAM',
  'TRASH',
  'DRAFT',
  'CHAT',
  'CATEGORY_PERSONAL',
  'CATEGORY_SOCIAL',
  'CATEGORY_PROMOTIONS',
  'CATEGORY_UPDATES',
  'CATEGORY_FORUMS',
];
const DAY = 86_400_000;
const AGE_UNIT: Record<string, number> = { d: DAY, m: 30 * DAY, y: 365 * DAY };

const notFound = () => httpError(404, 'Requested entity was not found.');
const invalidValue = (field: string, type: string, value: string) =>
  httpError(400, `Invalid value at '${field}' (${type}), "${value}"`);
const invalidPageToken = () => httpError(400, 'Invalid pageToken');

/** maxResults: 100 unless given; above 500 Gmail gives 500. Zero is proto3's "unset", so the default too. */
function maxResults(url: URL): number {
  const raw = url.searchParams.get('maxResults');
  if (raw === null) return 100;
  if (!/^\d+$/.test(raw)) throw invalidValue('max_results', 'TYPE_UINT32', raw);
  const n = Number(raw);
  return n === 0 ? 100 : Math.min(n, 500);
}

function labelParam(label: string): string {
  const known = SYSTEM_LABELS.includes(label) || label.startsWith('Label_');
  if (!known) throw httpError(400, `Invalid label: ${label}`);
  return label;
}

/** Search dates without a time are midnight Pacific, as Google's search guide says; seconds are exact. */
function searchTime(value: string, term: string): number {
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(value);
  if (!date) throw unmodelled(term);
  const pst = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]), 8);
  const hour = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    hour: 'numeric',
    hourCycle: 'h23',
  });
  // Under daylight time Pacific midnight is 07:00 UTC.
  return hour.format(pst) === '1' ? pst - 3_600_000 : pst;
}

function searchAge(value: string, term: string): number {
  const age = /^(\d+)([dmy])$/i.exec(value);
  if (!age) throw unmodelled(term);
  return Number(age[1]) * AGE_UNIT[age[2]!.toLowerCase()]!;
}

/** Gmail would run any other term as a full-text search of its own; the fake says so rather than guess. */
const unmodelled = (term: string) =>
  httpError(400, `The fake Gmail does not model the search term '${term}'.`);

type Match = (m: StoredMessage) => boolean;

/**
 * A bare word: Gmail looks for it, whole and ignoring case, in the subject and the body (the
 * quoted part included, as a search box search does). Words are runs of letters and digits, so
 * "unsubscribe" matches "Unsubscribe:" and "?subject=unsubscribe%20x" but not "unsubscribed".
 * Quoted phrases, OR and other full-text forms are not modelled and are refused.
 */
function wordMatch(word: string): Match {
  const wanted = word.toLowerCase();
  return (m) => {
    const { subject, text, html } = m.parsed;
    const body = text ?? (typeof html === 'string' ? html.replace(/<[^>]*>/g, ' ') : '');
    return `${subject ?? ''} ${body}`
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .includes(wanted);
  };
}

/** Each term is read up front, so a bad one is refused even when no message would reach it. */
function searchTerm(term: string, now: number): Match {
  if (/^[\p{L}\p{N}]+$/u.test(term) && !/^(OR|AND)$/.test(term)) return wordMatch(term);
  const colon = term.indexOf(':');
  const [op, value] = [term.slice(0, colon).toLowerCase(), term.slice(colon + 1)];
  // rfc822msgid: matches with or without the angle brackets.
  if (op === 'rfc822msgid') return (m) => stripBrackets(m.messageId) === stripBrackets(value);
  if (op === 'in' || op === 'label') return (m) => m.labelIds.includes(value.toUpperCase());
  if (op === 'from')
    return (m) => addresses(m.parsed.from).some((a) => a.toLowerCase().includes(value.toLowerCase()));
  // after: takes the day (or the second) given; before: stops short of it.
  if (op === 'after' || op === 'before') {
    const time = searchTime(value, term);
    return op === 'after' ? (m) => m.at.getTime() >= time : (m) => m.at.getTime() < time;
  }
  if (op === 'newer_than' || op === 'older_than') {
    const since = now - searchAge(value, term);
    return op === 'newer_than' ? (m) => m.at.getTime() >= since : (m) => m.at.getTime() < since;
  }
  throw unmodelled(term);
}

function searchMatch(q: string): Match {
  const now = Date.now();
  const tests = q
    .split(/\s+/)
    .filter(Boolean)
    .map((term) => searchTerm(term, now));
  return (m) => tests.every((test) => test(m));
}

type SortKey = { at: number; change: number };
const sortKey = (m: StoredMessage): SortKey => ({ at: m.at.getTime(), change: m.change });
/** Newest first by internalDate, as Gmail lists: < 0 when `a` comes before `b`. */
const newestFirst = (a: SortKey, b: SortKey) => b.at - a.at || b.change - a.change;

function sortKeyOf(value: unknown): SortKey {
  const key = value as SortKey | undefined;
  if (typeof key?.at !== 'number' || typeof key.change !== 'number') throw invalidPageToken();
  return key;
}

function listMessages(s: State, { url, scopes }: Call): Reply {
  requireScope('gmail', scopes, GMAIL_READ_SCOPES);
  // Google refuses any q at all to a token holding gmail.metadata, whatever else it holds.
  if (scopes?.has(GMAIL_METADATA) && url.searchParams.has('q')) {
    throw metadataForbids("Metadata scope does not support 'q' parameter");
  }
  const max = maxResults(url);
  const labels = url.searchParams.getAll('labelIds').map(labelParam);
  const match = searchMatch(url.searchParams.get('q') ?? '');
  const hits = s.messages
    .filter((m) => labels.every((l) => m.labelIds.includes(l)) && match(m))
    .sort((a, b) => newestFirst(sortKey(a), sortKey(b)));
  // The page token names the last message given, so a message arriving between pages shifts nothing.
  const token = url.searchParams.get('pageToken');
  const after = token ? sortKeyOf(decodeToken(token, invalidPageToken).after) : null;
  const rest = after ? hits.filter((m) => newestFirst(after, sortKey(m)) < 0) : hits;
  const page = rest.slice(0, max);
  if (page.length === 0) return { status: 200, body: { resultSizeEstimate: hits.length } };
  const next = rest.length > max ? encodeToken({ after: sortKey(page.at(-1)!) }) : undefined;
  const messages = page.map((m) => ({ id: m.id, threadId: m.threadId }));
  return { status: 200, body: { messages, nextPageToken: next, resultSizeEstimate: hits.length } };
}

/** startHistoryId is required; Google answers 404 to one it no longer keeps (or never issued). */
function startHistoryId(s: State, url: URL): number {
  const raw = url.searchParams.get('startHistoryId');
  if (!raw) throw httpError(400, 'Missing/invalid parameter: startHistoryId');
  if (!/^\d+$/.test(raw)) throw invalidValue('start_history_id', 'TYPE_UINT64', raw);
  const start = Number(raw);
  if (start < s.historyFloor || start > s.historyId) throw notFound();
  return start;
}

function historyTypes(url: URL): string[] {
  const types = url.searchParams.getAll('historyTypes');
  const enumType = 'type.googleapis.com/google.apps.gmail.v1.ListHistoryRequest.HistoryType';
  const bad = types.find((t) => !HISTORY_TYPES.includes(t));
  if (bad !== undefined) throw invalidValue('history_types', enumType, bad);
  return types;
}

/** Google's History shape; its messages carry only id and threadId, messagesAdded the labels too. */
const historyRecord = (m: StoredMessage) => ({
  id: String(m.change),
  messages: [{ id: m.id, threadId: m.threadId }],
  messagesAdded: [{ message: { id: m.id, threadId: m.threadId, labelIds: m.labelIds } }],
});

function listHistory(s: State, { url, scopes }: Call): Reply {
  requireScope('gmail', scopes, GMAIL_READ_SCOPES);
  const start = startHistoryId(s, url);
  const types = historyTypes(url);
  const labelId = url.searchParams.get('labelId');
  if (labelId !== null) labelParam(labelId);
  const max = maxResults(url);
  const token = url.searchParams.get('pageToken');
  const after = token ? decodeToken(token, invalidPageToken).after : start;
  if (typeof after !== 'number') throw invalidPageToken();
  // The fake's mailboxes only ever gain messages, so every record is a messageAdded.
  const added = types.length === 0 || types.includes('messageAdded');
  const records = s.messages.filter(
    (m) => added && m.change > after && (labelId === null || m.labelIds.includes(labelId)),
  );
  const page = records.slice(0, max);
  const next = records.length > max ? encodeToken({ after: page.at(-1)!.change }) : undefined;
  // Google leaves out an empty history list, and always says where the mailbox's history stands now.
  const history = page.length > 0 ? page.map(historyRecord) : undefined;
  return { status: 200, body: { history, nextPageToken: next, historyId: String(s.historyId) } };
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Gmail's snippet: the start of the text, HTML-escaped. */
function snippet(parsed: ParsedMail): string {
  const text = parsed.text ?? (typeof parsed.html === 'string' ? parsed.html.replace(/<[^>]*>/g, ' ') : '');
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200)
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

function metadataPayload(parsed: ParsedMail, wanted: string[]) {
  const names = wanted.map((h) => h.toLowerCase());
  const headers = headerList(parsed).filter(
    (h) => names.length === 0 || names.includes(h.name.toLowerCase()),
  );
  return { partId: '', mimeType: mimeTypeOf(parsed), filename: '', headers };
}

/** The text and HTML bodies as parts; the fake does not rebuild Gmail's full MIME tree (use format=raw). */
function fullPayload(parsed: ParsedMail) {
  const part = (mimeType: string, content: string, partId: string) => ({
    partId,
    mimeType,
    filename: '',
    headers: [{ name: 'Content-Type', value: `${mimeType}; charset="UTF-8"` }],
    body: { size: Buffer.byteLength(content), data: Buffer.from(content).toString('base64url') },
  });
  const html = typeof parsed.html === 'string' ? [part('text/html', parsed.html, '1')] : [];
  const parts = [...(parsed.text === undefined ? [] : [part('text/plain', parsed.text, '0')]), ...html];
  return {
    partId: '',
    mimeType: mimeTypeOf(parsed),
    filename: '',
    headers: headerList(parsed),
    body: { size: 0 },
    parts,
  };
}

function getMessage(s: State, { url, scopes }: Call, id: string): Reply {
  requireScope('gmail', scopes, GMAIL_READ_SCOPES);
  const requested = url.searchParams.get('format') ?? 'full';
  const format = requested.toLowerCase();
  const formatType = 'type.googleapis.com/google.apps.gmail.v1.Format';
  if (!FORMATS.includes(format)) throw invalidValue('format', formatType, requested);
  // gmail.metadata never reaches a body, even beside broader scopes: no full or raw, and no snippet.
  const metadataOnly = scopes?.has(GMAIL_METADATA) ?? false;
  if (metadataOnly && (format === 'full' || format === 'raw')) {
    throw metadataForbids(`Metadata scope doesn't allow format ${format.toUpperCase()}`);
  }
  if (!/^[0-9a-f]+$/i.test(id)) throw httpError(400, 'Invalid id value');
  const m = findMessage(s, id);
  if (!m) throw notFound();
  const base = {
    id: m.id,
    threadId: m.threadId,
    labelIds: m.labelIds,
    snippet: metadataOnly ? undefined : snippet(m.parsed),
    sizeEstimate: Buffer.byteLength(m.raw),
    historyId: String(m.change),
    internalDate: String(m.at.getTime()),
  };
  if (format === 'minimal') return { status: 200, body: base };
  const raw = Buffer.from(m.raw).toString('base64url');
  if (format === 'raw') return { status: 200, body: { ...base, raw } };
  const wanted = url.searchParams.getAll('metadataHeaders');
  const payload = format === 'metadata' ? metadataPayload(m.parsed, wanted) : fullPayload(m.parsed);
  return { status: 200, body: { ...base, payload } };
}

function getProfile(s: State, { scopes }: Call, emailAddress: string): Reply {
  requireScope('gmail', scopes, GMAIL_PROFILE_SCOPES);
  const threadsTotal = new Set(s.messages.map((m) => m.threadId)).size;
  const historyId = String(s.historyId);
  return { status: 200, body: { emailAddress, messagesTotal: s.messages.length, threadsTotal, historyId } };
}

async function sendMessage(s: State, { body, token, scopes, owner }: Call): Promise<Reply> {
  requireScope('gmail', scopes, GMAIL_SEND_SCOPES);
  const json = parseJson(body);
  if (typeof json?.raw !== 'string' || !BASE64.test(json.raw)) throw httpError(400, NO_RAW);
  const record = await asOwner(
    'gmail',
    await decode(Buffer.from(json.raw, 'base64url').toString('utf8'), token, 'Recipient address required'),
    owner,
  );
  const mime = record.raw;
  const id = newId('gmail');
  const threadId = typeof json.threadId === 'string' ? joinedThread(s, json.threadId, record.parsed, id) : id;
  s.sent.push({ id, threadId, ...record });
  // Sends are in the mailbox's history too: a messageAdded labelled SENT.
  const { parsed, messageId, at } = record;
  store(s, { id, threadId, raw: mime, parsed, messageId, labelIds: ['SENT'], at });
  return { status: 200, body: { id, threadId, labelIds: ['SENT'] }, cut: s.cuts.shift() };
}

/**
 * The thread a sent message with a threadId ends up in, by Gmail's rules: the thread must exist
 * (else 404), and the message joins it only when its In-Reply-To or References name a message of
 * the thread and its subject matches the thread's (leading "Re:"/"Fwd:" aside); otherwise it
 * starts a thread of its own.
 */
function joinedThread(s: State, threadId: string, parsed: ParsedMail, ownId: string): string {
  const thread = s.messages.filter((m) => m.threadId === threadId);
  if (thread.length === 0) throw notFound();
  const bare = (subject: string | undefined) => (subject ?? '').replace(/^\s*((re|fwd?):\s*)+/i, '').trim();
  const subjectMatches = bare(parsed.subject) === bare(thread[0]!.parsed.subject);
  const refersToThread = repliedThread(s, parsed) === threadId;
  return subjectMatches && refersToThread ? threadId : ownId;
}

type Route = [
  string,
  RegExp,
  (s: State, call: Call, match: RegExpExecArray, address: string) => Reply | Promise<Reply>,
];
const ROUTES: Route[] = [
  ['POST', /^\/v1\/users\/[^/]+\/messages\/send$/, (s, call) => sendMessage(s, call)],
  ['GET', /^\/v1\/users\/[^/]+\/profile$/, (s, call, _, address) => getProfile(s, call, address)],
  ['GET', /^\/v1\/users\/[^/]+\/history$/, (s, call) => listHistory(s, call)],
  ['GET', /^\/v1\/users\/[^/]+\/messages$/, (s, call) => listMessages(s, call)],
  ['GET', /^\/v1\/users\/[^/]+\/messages\/([^/]+)$/, (s, call, match) => getMessage(s, call, match[1]!)],
];

/** Answers one Gmail API call; `address` is the mailbox's own, as getProfile reports it. */
export async function gmailRoute(s: State, call: Call, address: string): Promise<Reply> {
  for (const [method, pattern, handler] of ROUTES) {
    const match = pattern.exec(call.path);
    if (match && call.method === method) return handler(s, call, match, address);
  }
  throw notFound();
}

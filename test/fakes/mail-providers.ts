import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as readBody } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';

/**
 * Fake Gmail API and Microsoft Graph send endpoints on one local HTTP server. They decode the MIME they receive
 * with mailparser, answer with each provider's real shapes (Graph's sendMail: 202, no body, no id) and can look a
 * message up by its Message-ID, which is how the app reconciles a send interrupted by a crash.
 * Each provider keeps one sent folder shared by every token: a refreshed token must still find earlier sends.
 * For out-of-process runs (Playwright) the same server answers GET /__control/sent/gmail (or /graph): a JSON
 * array of { id, messageId, to, raw } for every message that provider accepted, and POST /__control/reset.
 */

// biome-ignore lint/suspicious/noExplicitAny: request bodies are arbitrary JSON.
type Json = any;

export type MailProvider = 'gmail' | 'graph';
export type ProviderFailure =
  | { status: 429; retryAfterSeconds?: number }
  | { status: 500 | 502 | 503 }
  | { status: 400; message: string }
  | { status: 401 };

export type SentMessage = {
  id: string;
  threadId?: string;
  /** The MIME text as the provider received (or, for Graph's JSON form, composed) it. */
  raw: string;
  parsed: ParsedMail;
  messageId: string | undefined;
  /** Every recipient address (To, Cc, Bcc), in header order. */
  to: string[];
  token: string;
  at: Date;
};

export type ProviderStats = { maxConcurrent: number; maxConcurrentPerToken: number };

export type FakeMailProviders = {
  gmailUrl: string;
  graphUrl: string;
  port: number;
  sent(p: MailProvider): SentMessage[];
  /** Every request received, failed and throttled ones included. */
  requests(p: MailProvider): number;
  /** maxConcurrent: most requests in flight at once over all tokens; maxConcurrentPerToken: per mailbox. */
  stats(p: MailProvider): ProviderStats;
  /** The next `count` authenticated requests to `p` (sends and lookups alike) fail this way and store nothing. */
  failNext(p: MailProvider, count: number, failure: ProviderFailure): void;
  /**
   * The next `count` sends to `p` are accepted (stored in the sent folder, as the real service
   * would have) and then never answered (`stall`: the client's timeout fires) or answered by a
   * reset connection (`reset`).
   */
  breakAfterAccept(p: MailProvider, how: 'stall' | 'reset', count?: number): void;
  setLatency(p: MailProvider, ms: number): void;
  requireKnownTokens(on: boolean): void;
  acceptToken(p: MailProvider, token: string): void;
  reset(): void;
  close(): Promise<void>;
};

/** Graph allows 4 concurrent requests per app per mailbox. */
export const GRAPH_MAILBOX_CONCURRENCY = 4;

// status → [Gmail status, Gmail reason, Graph code, default message]
const ERRORS: Record<number, [string, string, string, string]> = {
  400: ['INVALID_ARGUMENT', 'invalidArgument', 'ErrorInvalidRequest', 'Invalid request.'],
  401: ['UNAUTHENTICATED', 'authError', 'InvalidAuthenticationToken', 'Invalid authentication credentials.'],
  403: [
    'PERMISSION_DENIED',
    'insufficientPermissions',
    'ErrorAccessDenied',
    'Access is denied. Check credentials and try again.',
  ],
  404: ['NOT_FOUND', 'notFound', 'ResourceNotFound', 'Requested entity was not found.'],
  429: ['RESOURCE_EXHAUSTED', 'rateLimitExceeded', 'TooManyRequests', 'Too many requests. Retry later.'],
  500: ['INTERNAL', 'backendError', 'InternalServerError', 'Internal error encountered.'],
  502: ['UNAVAILABLE', 'backendError', 'BadGateway', 'Bad gateway.'],
  503: ['UNAVAILABLE', 'backendError', 'ServiceUnavailable', 'The service is currently unavailable.'],
};
const NO_RAW = "'raw' RFC822 payload message string or uploading message via /upload/* URL required";
const BAD_BASE64 = 'Invalid base64 string for MIME content.';
const THROTTLED = 'Application is over its MailboxConcurrency limit.';
const ODATA_EQ = /^\s*internetMessageId\s+eq\s+'((?:[^']|'')*)'\s*$/i;
const BASE64 = /^[A-Za-z0-9+/_\-\r\n]*={0,2}\s*$/;

const freshNumbers = () => ({ latencyMs: 0, requests: 0, active: 0, maxConcurrent: 0, maxPerToken: 0 });
const freshLists = () => ({
  sent: [] as SentMessage[],
  failures: [] as ProviderFailure[],
  cuts: [] as ('stall' | 'reset')[],
});
const freshState = () => ({ ...freshLists(), ...freshNumbers(), tokens: new Set<string>() });
type State = ReturnType<typeof freshState>;

type Call = {
  method: string;
  path: string;
  url: URL;
  body: string;
  token: string;
  contentType: string;
  /** The token's granted scopes, when the fake knows them (tokens from the fake OIDC provider). */
  scopes: Set<string> | null;
};
/** `cut`: the request was handled, and its answer is then withheld or its connection reset. */
type Reply = { status: number; body?: object; cut?: 'stall' | 'reset' };
type HttpError = Error & { status: number; code?: string; headers?: Record<string, string>; reason?: string };
const httpError = (status: number, message: string, code?: string, headers?: Record<string, string>) =>
  Object.assign(new Error(message), { status, code, headers }) as HttpError;

const GOOGLE = 'https://www.googleapis.com/auth/';
const GMAIL_FULL = 'https://mail.google.com/';
/** Scopes each Gmail method accepts, from Google's reference: any one of them is enough. */
const GMAIL_SEND_SCOPES = [
  GMAIL_FULL,
  `${GOOGLE}gmail.modify`,
  `${GOOGLE}gmail.compose`,
  `${GOOGLE}gmail.send`,
];
const GMAIL_READ_SCOPES = [
  GMAIL_FULL,
  `${GOOGLE}gmail.modify`,
  `${GOOGLE}gmail.readonly`,
  `${GOOGLE}gmail.metadata`,
];
const GMAIL_METADATA = `${GOOGLE}gmail.metadata`;
const GRAPH_READ_SCOPES = ['Mail.ReadBasic', 'Mail.Read', 'Mail.ReadWrite'];
/** What Mail.ReadBasic withholds: bodies and previews. */
const GRAPH_BODY_FIELDS = ['body', 'bodypreview', 'uniquebody'];

const insufficientScopes = () =>
  Object.assign(httpError(403, 'Request had insufficient authentication scopes.'), {
    reason: 'insufficientPermissions',
  });
/** Gmail's refusals under gmail.metadata, which hold even when the token has broader scopes too. */
const metadataForbids = (message: string) => Object.assign(httpError(403, message), { reason: 'forbidden' });

/** Throws Google's or Microsoft's 403 unless the token holds one of `accepted`; unknown tokens pass. */
function requireScope(provider: MailProvider, scopes: Set<string> | null, accepted: string[]) {
  if (!scopes || accepted.some((s) => scopes.has(s))) return;
  throw provider === 'gmail' ? insufficientScopes() : httpError(403, ERRORS[403]![3], 'ErrorAccessDenied');
}
const isHttpError = (err: unknown): err is HttpError => err instanceof Error && 'status' in err;

function send(res: ServerResponse, status: number, body?: object, headers: Record<string, string> = {}) {
  if (body === undefined) res.writeHead(status, headers).end();
  else res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function sendError(provider: MailProvider, res: ServerResponse, err: HttpError) {
  const [status, defaultReason, graphCode] = ERRORS[err.status] ?? ['UNKNOWN', 'unknown', 'UnknownError'];
  const reason = err.reason ?? defaultReason;
  const { message } = err;
  const gmailError = { code: err.status, message, errors: [{ message, domain: 'global', reason }], status };
  const graphError = { code: err.code ?? graphCode, message, innerError: { date: new Date().toISOString() } };
  send(res, err.status, { error: provider === 'gmail' ? gmailError : graphError }, err.headers);
}

function injected(provider: MailProvider, failure: ProviderFailure): HttpError {
  const message = failure.status === 400 ? failure.message : (ERRORS[failure.status]?.[3] ?? 'Error');
  // Graph always says when to come back; Gmail often doesn't, so the app must cope without the header.
  const fallback = provider === 'graph' ? 1 : undefined;
  const retryAfter = failure.status === 429 ? (failure.retryAfterSeconds ?? fallback) : undefined;
  const headers: Record<string, string> = retryAfter === undefined ? {} : { 'retry-after': `${retryAfter}` };
  return httpError(failure.status, message, undefined, headers);
}

function parseJson(body: string): Json {
  try {
    return JSON.parse(body);
  } catch {
    throw httpError(400, 'Invalid JSON payload received.', 'BadRequest');
  }
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const flat = objects.flatMap((o) => o.value).flatMap((a) => (a.group ? a.group : [a]));
  return flat.flatMap((a) => (a.address ? [a.address] : []));
}

async function decode(raw: string, token: string, noRecipient: string): Promise<Omit<SentMessage, 'id'>> {
  const parsed = await simpleParser(raw);
  const to = [...addresses(parsed.to), ...addresses(parsed.cc), ...addresses(parsed.bcc)];
  if (to.length === 0) throw httpError(400, noRecipient, 'ErrorInvalidRecipients');
  return { raw, parsed, messageId: parsed.messageId, to, token, at: new Date() };
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

function graphItem(m: SentMessage, select: string[] | undefined) {
  const toRecipients = m.to.map((address) => ({ emailAddress: { address } }));
  const full: Record<string, unknown> = { id: m.id, internetMessageId: m.messageId, toRecipients };
  Object.assign(full, { subject: m.parsed.subject, sentDateTime: m.at.toISOString() });
  return select ? Object.fromEntries(select.map((f) => [f.trim(), full[f.trim()]])) : full;
}

const stripBrackets = (id: string | undefined) => (id ?? '').trim().replace(/^<|>$/g, '');

/**
 * `scopesOf` tells the scopes granted to an access token (the fake OIDC provider's `scopesOf`);
 * with it the fakes refuse what Google and Microsoft refuse for missing or limiting scopes.
 */
export async function startFakeMailProviders(
  opts: {
    port?: number;
    scopesOf?: (provider: 'google' | 'microsoft', token: string) => string[] | null;
  } = {},
): Promise<FakeMailProviders> {
  const state: Record<MailProvider, State> = { gmail: freshState(), graph: freshState() };
  // Graph throttles per mailbox; the bearer token stands for the mailbox.
  const inFlight: Record<MailProvider, Map<string, number>> = { gmail: new Map(), graph: new Map() };
  const flags = { requireKnown: false };

  async function gmail({ method, path, url, body, token, scopes }: Call): Promise<Reply> {
    if (method === 'POST' && /^\/v1\/users\/[^/]+\/messages\/send$/.test(path)) {
      requireScope('gmail', scopes, GMAIL_SEND_SCOPES);
      const json = parseJson(body);
      if (typeof json?.raw !== 'string' || !BASE64.test(json.raw)) throw httpError(400, NO_RAW);
      const mime = Buffer.from(json.raw, 'base64url').toString('utf8');
      const record = await decode(mime, token, 'Recipient address required');
      const id = randomBytes(8).toString('hex');
      const threadId = typeof json.threadId === 'string' ? json.threadId : id;
      state.gmail.sent.push({ id, threadId, ...record });
      return { status: 200, body: { id, threadId, labelIds: ['SENT'] }, cut: state.gmail.cuts.shift() };
    }
    if (method === 'GET' && /^\/v1\/users\/[^/]+\/messages\/[^/]+$/.test(path)) {
      requireScope('gmail', scopes, GMAIL_READ_SCOPES);
      const format = (url.searchParams.get('format') ?? 'full').toLowerCase();
      if (scopes?.has(GMAIL_METADATA) && (format === 'full' || format === 'raw')) {
        throw metadataForbids(`Metadata scope doesn't allow format ${format.toUpperCase()}`);
      }
      const id = path.split('/').at(-1);
      const m = state.gmail.sent.find((x) => x.id === id);
      if (!m) throw httpError(404, 'Requested entity was not found.');
      const base = { id: m.id, threadId: m.threadId, labelIds: ['SENT'] };
      if (format === 'raw')
        return { status: 200, body: { ...base, raw: Buffer.from(m.raw).toString('base64url') } };
      const wanted = url.searchParams.getAll('metadataHeaders').map((h) => h.toLowerCase());
      const headers = m.parsed.headerLines
        .map((h) => ({
          name: h.line.slice(0, h.line.indexOf(':')),
          value: h.line.slice(h.line.indexOf(':') + 1).trim(),
        }))
        .filter((h) => format !== 'metadata' || wanted.length === 0 || wanted.includes(h.name.toLowerCase()));
      return { status: 200, body: { ...base, payload: { headers } } };
    }
    if (method === 'GET' && /^\/v1\/users\/[^/]+\/messages$/.test(path)) {
      requireScope('gmail', scopes, GMAIL_READ_SCOPES);
      // Google refuses any q at all to a token holding gmail.metadata, whatever else it holds.
      if (scopes?.has(GMAIL_METADATA) && url.searchParams.has('q')) {
        throw metadataForbids("Metadata scope does not support 'q' parameter");
      }
      // Gmail's rfc822msgid: search matches with or without the angle brackets.
      const wanted = /rfc822msgid:(\S+)/i.exec(url.searchParams.get('q') ?? '')?.[1];
      const same = (m: SentMessage) => stripBrackets(m.messageId) === stripBrackets(wanted);
      const hits = state.gmail.sent.filter((m) => !wanted || same(m)).reverse(); // newest first, like Gmail
      if (hits.length === 0) return { status: 200, body: { resultSizeEstimate: 0 } };
      const messages = hits.map((m) => ({ id: m.id, threadId: m.threadId }));
      return { status: 200, body: { messages, resultSizeEstimate: messages.length } };
    }
    throw httpError(404, 'Requested entity was not found.');
  }

  async function graph({ method, path, url, body, token, contentType, scopes }: Call): Promise<Reply> {
    if (method === 'POST' && /^\/v1\.0\/me\/sendMail$/i.test(path)) {
      requireScope('graph', scopes, ['Mail.Send']);
      let raw: string;
      let saveToSentItems = true;
      if (/^text\/plain\b/i.test(contentType)) {
        const invalid = !body.trim() || !BASE64.test(body);
        if (invalid) throw httpError(400, BAD_BASE64, 'ErrorMimeContentInvalidBase64String');
        raw = Buffer.from(body, 'base64').toString('utf8');
      } else {
        const json = parseJson(body);
        if (typeof json?.message !== 'object' || json.message === null) {
          throw httpError(400, 'Empty Payload. JSON content expected.', 'ErrorInvalidRequest');
        }
        saveToSentItems = json.saveToSentItems !== false && json.saveToSentItems !== 'false';
        raw = await composeGraphJson(json.message);
      }
      const record = await decode(raw, token, 'At least one recipient is required.');
      // Only what lands in Sent Items can be found again: saveToSentItems false leaves no trace.
      const id = `AAMkAD${randomBytes(30).toString('base64url')}`;
      if (saveToSentItems) state.graph.sent.push({ id, ...record });
      return { status: 202, cut: state.graph.cuts.shift() };
    }
    if (method === 'GET' && /^\/v1\.0\/me\/mailFolders\/sentitems\/messages$/i.test(path)) {
      requireScope('graph', scopes, GRAPH_READ_SCOPES);
      // Mail.ReadBasic reads everything but bodies, and does not allow searching.
      const basicOnly = scopes !== null && !scopes.has('Mail.Read') && !scopes.has('Mail.ReadWrite');
      const asksBody = (url.searchParams.get('$select') ?? '')
        .split(',')
        .some((f) => GRAPH_BODY_FIELDS.includes(f.trim().toLowerCase()));
      if (basicOnly && (asksBody || url.searchParams.has('$search'))) {
        throw httpError(403, ERRORS[403]![3], 'ErrorAccessDenied');
      }
      const filter = url.searchParams.get('$filter');
      const match = filter === null ? null : ODATA_EQ.exec(filter);
      if (filter !== null && !match) throw httpError(400, 'Invalid filter clause', 'BadRequest');
      // Graph compares the stored value, angle brackets included, so the app must send them.
      const wanted = match?.[1]?.replace(/''/g, "'");
      const select = url.searchParams.get('$select')?.split(',');
      const value = state.graph.sent
        .filter((m) => wanted === undefined || m.messageId === wanted)
        .reverse()
        .map((m) => graphItem(m, select));
      const context = `${url.origin}/graph/v1.0/$metadata#messages`;
      return { status: 200, body: { '@odata.context': context, value } };
    }
    throw httpError(404, `Resource not found for the segment '${path.split('/').at(-1)}'.`);
  }

  async function handle(provider: MailProvider, req: IncomingMessage, res: ServerResponse, url: URL) {
    const [s, slots] = [state[provider], inFlight[provider]];
    s.requests++;
    // Drain the body first so an early error reply never races the client's upload.
    const body = await readBody(req);
    const token = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token || (flags.requireKnown && !s.tokens.has(token))) throw injected(provider, { status: 401 });
    const mine = slots.get(token) ?? 0;
    const throttled = provider === 'graph' && mine >= GRAPH_MAILBOX_CONCURRENCY;
    if (throttled) throw httpError(429, THROTTLED, 'ApplicationThrottled', { 'retry-after': '1' });
    slots.set(token, mine + 1);
    s.active++;
    s.maxConcurrent = Math.max(s.maxConcurrent, s.active);
    s.maxPerToken = Math.max(s.maxPerToken, mine + 1);
    try {
      if (s.latencyMs > 0) await sleep(s.latencyMs);
      const failure = s.failures.shift();
      if (failure) throw injected(provider, failure);
      const path = url.pathname.slice(provider.length + 1);
      const contentType = req.headers['content-type'] ?? '';
      const granted = opts.scopesOf?.(provider === 'gmail' ? 'google' : 'microsoft', token);
      const scopes = granted ? new Set(granted) : null;
      const call = { method: req.method ?? 'GET', path, url, body, token, contentType, scopes };
      const reply = await (provider === 'gmail' ? gmail : graph)(call);
      if (reply.cut === 'reset') req.socket.destroy();
      else if (reply.cut !== 'stall') send(res, reply.status, reply.body);
    } finally {
      s.active = Math.max(0, s.active - 1);
      slots.set(token, Math.max(0, (slots.get(token) ?? 1) - 1));
    }
  }

  function reset() {
    // Requests still running keep their in-flight slots, so their finally blocks stay balanced.
    for (const s of Object.values(state)) Object.assign(s, freshState(), { active: s.active });
    flags.requireKnown = false;
  }

  /** The control routes a separate process (Playwright) uses, since it cannot call the methods below. */
  function control(req: IncomingMessage, res: ServerResponse, path: string) {
    const sentOf = /^\/__control\/sent\/(gmail|graph)$/.exec(path)?.[1] as MailProvider | undefined;
    if (req.method === 'GET' && sentOf) {
      const list = state[sentOf].sent.map(({ id, messageId, to, raw }) => ({ id, messageId, to, raw }));
      return send(res, 200, list);
    }
    if (req.method === 'POST' && path === '/__control/reset') {
      reset();
      return send(res, 200, { ok: true });
    }
    send(res, 404, { error: `no control ${req.method} ${path}` });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    if (url.pathname.startsWith('/__control/')) {
      // Drain any body first, so the reply never races the client's upload.
      readBody(req).then(
        () => control(req, res, url.pathname),
        () => res.destroy(),
      );
      return;
    }
    const provider = (['gmail', 'graph'] as const).find((p) => url.pathname.startsWith(`/${p}/`));
    if (!provider) return send(res, 404, { error: 'unknown provider path' });
    handle(provider, req, res, url).catch((err: unknown) => {
      const error = isHttpError(err) ? err : httpError(500, String((err as Error)?.message ?? err));
      if (!res.headersSent) sendError(provider, res, error);
      else res.destroy();
    });
  });
  server.listen(opts.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    gmailUrl: `${base}/gmail`,
    graphUrl: `${base}/graph`,
    port,
    sent: (p) => [...state[p].sent],
    requests: (p) => state[p].requests,
    stats: (p) => ({ maxConcurrent: state[p].maxConcurrent, maxConcurrentPerToken: state[p].maxPerToken }),
    // concat, not push(...spread): a large count would overflow the call stack.
    failNext: (p, count, failure) =>
      Object.assign(state[p], { failures: state[p].failures.concat(Array(count).fill(failure)) }),
    breakAfterAccept: (p, how, count = 1) =>
      Object.assign(state[p], { cuts: state[p].cuts.concat(Array(count).fill(how)) }),
    setLatency: (p, ms) => Object.assign(state[p], { latencyMs: ms }),
    requireKnownTokens: (on) => Object.assign(flags, { requireKnown: on }),
    acceptToken: (p, token) => state[p].tokens.add(token),
    reset,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

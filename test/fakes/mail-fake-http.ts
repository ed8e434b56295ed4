import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { ParsedMail } from 'mailparser';

/**
 * What the fake Gmail and Graph handlers share: a request as they see it, their answer, each
 * provider's error shape and scope check, and the header and paging helpers both need.
 */

// biome-ignore lint/suspicious/noExplicitAny: request bodies and page tokens are arbitrary JSON.
export type Json = any;

export type MailProvider = 'gmail' | 'graph';

export type Call = {
  method: string;
  /** The path under the provider's base, e.g. /v1/users/me/messages. */
  path: string;
  url: URL;
  body: string;
  token: string;
  contentType: string;
  headers: IncomingHttpHeaders;
  /** The token's granted scopes, when the fake knows them (tokens from the fake OIDC provider). */
  scopes: Set<string> | null;
  /** The address of the account the token acts for, when the fakes keep a mailbox per account. */
  owner: string | null;
};
/** `cut`: the request was handled, and its answer is then withheld or its connection reset. */
export type Reply = {
  status: number;
  body?: object | string;
  headers?: Record<string, string>;
  cut?: 'stall' | 'reset';
};

export type HttpError = Error & {
  status: number;
  code?: string;
  headers?: Record<string, string>;
  reason?: string;
};
export const httpError = (status: number, message: string, code?: string, headers?: Record<string, string>) =>
  Object.assign(new Error(message), { status, code, headers }) as HttpError;
export const isHttpError = (err: unknown): err is HttpError => err instanceof Error && 'status' in err;

// status → [Gmail status, Gmail reason, Graph code, default message]
export const ERRORS: Record<number, [string, string, string, string]> = {
  400: ['INVALID_ARGUMENT', 'invalidArgument', 'ErrorInvalidRequest', 'Invalid request.'],
  401: ['UNAUTHENTICATED', 'authError', 'InvalidAuthenticationToken', 'Invalid authentication credentials.'],
  403: [
    'PERMISSION_DENIED',
    'insufficientPermissions',
    'ErrorAccessDenied',
    'Access is denied. Check credentials and try again.',
  ],
  404: ['NOT_FOUND', 'notFound', 'ResourceNotFound', 'Requested entity was not found.'],
  410: ['NOT_FOUND', 'notFound', 'SyncStateNotFound', 'The sync state generation is not found.'],
  429: ['RESOURCE_EXHAUSTED', 'rateLimitExceeded', 'TooManyRequests', 'Too many requests. Retry later.'],
  500: ['INTERNAL', 'backendError', 'InternalServerError', 'Internal error encountered.'],
  502: ['UNAVAILABLE', 'backendError', 'BadGateway', 'Bad gateway.'],
  503: ['UNAVAILABLE', 'backendError', 'ServiceUnavailable', 'The service is currently unavailable.'],
};

export function send(res: ServerResponse, status: number, body?: object | string, headers = {}) {
  if (body === undefined) res.writeHead(status, headers).end();
  else if (typeof body === 'string') res.writeHead(status, headers).end(body);
  else res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

export function sendError(provider: MailProvider, res: ServerResponse, err: HttpError) {
  const [status, defaultReason, graphCode] = ERRORS[err.status] ?? ['UNKNOWN', 'unknown', 'UnknownError'];
  const reason = err.reason ?? defaultReason;
  const { message } = err;
  const gmailError = { code: err.status, message, errors: [{ message, domain: 'global', reason }], status };
  const graphError = { code: err.code ?? graphCode, message, innerError: { date: new Date().toISOString() } };
  send(res, err.status, { error: provider === 'gmail' ? gmailError : graphError }, err.headers);
}

const GOOGLE = 'https://www.googleapis.com/auth/';
const GMAIL_FULL = 'https://mail.google.com/';
/** Scopes each Gmail method accepts, from Google's reference: any one of them is enough. */
export const GMAIL_SEND_SCOPES = [
  GMAIL_FULL,
  `${GOOGLE}gmail.modify`,
  `${GOOGLE}gmail.compose`,
  `${GOOGLE}gmail.send`,
];
/** messages.get, messages.list and history.list. */
export const GMAIL_READ_SCOPES = [
  GMAIL_FULL,
  `${GOOGLE}gmail.modify`,
  `${GOOGLE}gmail.readonly`,
  `${GOOGLE}gmail.metadata`,
];
/** getProfile also takes gmail.compose; gmail.send alone is not enough. */
export const GMAIL_PROFILE_SCOPES = [...GMAIL_READ_SCOPES, `${GOOGLE}gmail.compose`];
export const GMAIL_METADATA = `${GOOGLE}gmail.metadata`;
export const GRAPH_READ_SCOPES = ['Mail.ReadBasic', 'Mail.Read', 'Mail.ReadWrite'];

const insufficientScopes = () =>
  Object.assign(httpError(403, 'Request had insufficient authentication scopes.'), {
    reason: 'insufficientPermissions',
  });
/** Gmail's refusals under gmail.metadata, which hold even when the token has broader scopes too. */
export const metadataForbids = (message: string) =>
  Object.assign(httpError(403, message), { reason: 'forbidden' });
export const graphDenied = () => httpError(403, ERRORS[403]![3], 'ErrorAccessDenied');

/** Throws Google's or Microsoft's 403 unless the token holds one of `accepted`; unknown tokens pass. */
export function requireScope(provider: MailProvider, scopes: Set<string> | null, accepted: string[]) {
  if (!scopes || accepted.some((s) => scopes.has(s))) return;
  throw provider === 'gmail' ? insufficientScopes() : graphDenied();
}

export function parseJson(body: string): Json {
  try {
    return JSON.parse(body);
  } catch {
    throw httpError(400, 'Invalid JSON payload received.', 'BadRequest');
  }
}

export const stripBrackets = (id: string | undefined) => (id ?? '').trim().replace(/^<|>$/g, '');

/** Opaque to clients, as both services' tokens are; the fakes read them back. */
export const encodeToken = (state: object) => Buffer.from(JSON.stringify(state)).toString('base64url');
export function decodeToken(token: string, invalid: () => Error): Json {
  try {
    const state = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (typeof state === 'object' && state !== null) return state;
  } catch {}
  throw invalid();
}

const ENCODED_WORD = /=\?([^?]+)\?([bq])\?([^?]*)\?=/gi;
const qBytes = (text: string) =>
  Buffer.from(
    text
      .replace(/_/g, ' ')
      .replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );

/** RFC 2047 encoded words, decoded as both services show header values (a Subject in UTF-8, not =?UTF-8?Q?…). */
export function decodeWords(value: string): string {
  // Whitespace between two encoded words is folding, not content.
  const joined = value.replace(/(\?=)\s+(?==\?)/g, '$1');
  return joined.replace(ENCODED_WORD, (word, charset: string, encoding: string, text: string) => {
    const bytes = encoding.toLowerCase() === 'b' ? Buffer.from(text, 'base64') : qBytes(text);
    try {
      return new TextDecoder(charset.split('*')[0]).decode(bytes);
    } catch {
      return word;
    }
  });
}

/** Every header in order, unfolded, with its name as written. */
export function headerList(parsed: ParsedMail): { name: string; value: string }[] {
  return parsed.headerLines.map(({ line }) => {
    const colon = line.indexOf(':');
    const value = line.slice(colon + 1).replace(/\r?\n(?=[ \t])/g, '');
    return { name: line.slice(0, colon), value: decodeWords(value.trim()) };
  });
}

export const mimeTypeOf = (parsed: ParsedMail) =>
  (parsed.headers.get('content-type') as { value?: string } | undefined)?.value ?? 'text/plain';

import { type Query, QueryClient } from '@tanstack/react-query';
import { api } from '../contract/api';
import { IDEMPOTENCY_KEY_HEADER } from '../contract/idempotency';
import { LOGGED_OUT_REDIRECT_MS } from '../contract/limits';
import { type CallInput, type ReplyOf, type RouteDef, urlOf } from '../contract/route';
import { showToast } from './toast';
import { withWorkspace, workspaceHeaders } from './workspace';

/** A non-OK HTTP response. `message` is `"<status>: <text>"`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  idempotencyKey?: string;
}

/** Sends a request with the session cookie and throws `ApiError` unless the response is OK. */
export async function apiFetch(
  url: string,
  { method = 'GET', body, signal, idempotencyKey }: RequestOptions = {},
) {
  const init: RequestInit = { method, credentials: 'include', signal };
  const headers: Record<string, string> = { ...workspaceHeaders() };
  if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself, so no Content-Type here.
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (Object.keys(headers).length > 0) init.headers = headers;
  const response = await fetch(url, init);
  if (!response.ok) {
    throw apiErrorOf(response.status, response.statusText, await response.text().catch(() => ''));
  }
  return response;
}

/**
 * The `ApiError` for a non-OK reply, for callers that cannot use `fetch` (an upload needing
 * progress events goes through XMLHttpRequest). The server's `{ message }` wins over the raw text.
 */
export function apiErrorOf(status: number, statusText: string, body: string): ApiError {
  return new ApiError(status, `${status}: ${errorText(body) || statusText}`);
}

/** An `api` entry (src/contract/api.ts) that answers JSON. */
export type JsonRoute = RouteDef & { reply: NonNullable<RouteDef['reply']> };
type Input<D extends RouteDef> = CallInput<D> & { signal?: AbortSignal };
/** The input may be left out when the route needs no params and no body. */
type InputArg<D extends RouteDef> = object extends CallInput<D> ? [input?: Input<D>] : [input: Input<D>];

// In development and tests every reply is checked against the contract, so a drift shows at once.
const checkReplies = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** Waits before each retry of a request whose answer the network lost. */
export const NETWORK_RETRY_DELAYS_MS = [500, 2000];

/**
 * Calls an `api` entry and reads its JSON reply. An entry that honours `Idempotency-Key` (every
 * POST that creates, changes or sends) is called with a new key, and when the network fails
 * before an answer arrives it is sent again with the same key: if the first one arrived, the
 * server answers its answer instead of acting twice (a send, say, is never sent twice).
 */
export async function call<D extends JsonRoute>(def: D, ...[input]: InputArg<D>): Promise<ReplyOf<D>> {
  const idempotencyKey = def.idempotencyKey ? newIdempotencyKey() : undefined;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await apiFetch(urlOf(def, input), {
        method: def.method,
        body: input?.body ?? undefined,
        signal: input?.signal,
        idempotencyKey,
      });
    } catch (error) {
      const delay = NETWORK_RETRY_DELAYS_MS[attempt];
      // fetch rejects with a TypeError when no answer came; an abort or an HTTP error is final.
      if (!idempotencyKey || !(error instanceof TypeError) || delay === undefined || input?.signal?.aborted)
        throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
      continue;
    }
    const text = await response.text();
    return readReply(def, text ? JSON.parse(text) : undefined);
  }
}

/** 128 random bits in hex: `crypto.randomUUID` exists only on HTTPS and localhost, this everywhere. */
function newIdempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A JSON reply of `def` as its type, checked against the contract in development and tests. */
export function readReply<D extends JsonRoute>(def: D, json: unknown): ReplyOf<D> {
  return (checkReplies ? def.reply.parse(json) : json) as ReplyOf<D>;
}

/** The address of an entry that is not JSON (a file, a redirect), for links and downloads. */
export const hrefOf = <D extends RouteDef>(def: D, ...[input]: InputArg<D>) =>
  withWorkspace(urlOf(def, input));

/**
 * The cache key of an entry: its filled path's segments, then its query. Without a query it is a
 * prefix of every page of that entry, and a shorter path's key a prefix of the paths under it, so
 * `keyOf(api.campaigns.list)` invalidates every campaign query.
 */
export function keyOf<D extends RouteDef>(def: D, ...[input]: InputArg<D>): readonly unknown[] {
  const segments = urlOf(def, input ? ({ params: input.params } as CallInput<D>) : undefined)
    .split('/')
    .filter(Boolean);
  return input?.query ? [...segments, input.query] : segments;
}

/** `useQuery` options for a JSON entry: its key and a query function that calls it. */
export function queryOf<D extends JsonRoute>(def: D, ...[input]: InputArg<D>) {
  const args = (input ?? {}) as Input<D>;
  return {
    queryKey: keyOf(def, ...([args] as InputArg<D>)),
    queryFn: ({ signal }: { signal: AbortSignal }) => call(def, ...([{ ...args, signal }] as InputArg<D>)),
  };
}

/**
 * The server's own words from a failed request, for inline messages: the text after "<status>: ".
 * Anything else (a network failure, an empty reply) gives `fallback`.
 */
export function errorDetail(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const detail = error.message.replace(/^\d{3}: /, '').trim();
  return detail || fallback;
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * docs/product.md §1: a 401 while updating or sending an email means the session is gone; tell the user and
 * send them to sign in again. Returns true when it handled the error, so callers can skip their own toast.
 */
export function redirectToLoginIfLoggedOut(error: unknown): boolean {
  if (!isUnauthorized(error)) return false;
  showToast({ title: 'You are logged out. Logging in again...', tone: 'error' });
  setTimeout(() => window.location.assign(hrefOf(api.auth.login)), LOGGED_OUT_REDIRECT_MS);
  return true;
}

/**
 * How long a read counts as the current visit's: a section's prefetch (section-prefetch.ts) reads
 * its data while the section's code loads, and the page mounts well within this.
 */
const VISIT_READ_MS = 3_000;

/**
 * `refetchOnMount` for data that changes in the background (opens, replies, the mailbox sync):
 * read afresh on each visit to a page, unless it was read a moment ago for this visit.
 */
export function readOnEachVisit(query: Pick<Query, 'state'>): boolean | 'always' {
  return Date.now() - query.state.dataUpdatedAt < VISIT_READ_MS ? false : 'always';
}

/**
 * docs/product.md §11: data is fetched once and kept until a mutation invalidates it. The query
 * layer retries nothing; `call` alone sends again what the network lost, under its Idempotency-Key.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

function errorText(raw: string): string {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // Not JSON: the raw text is the message.
  }
  return raw;
}

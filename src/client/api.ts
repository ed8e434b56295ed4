import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { LOGGED_OUT_REDIRECT_MS } from '../contract/limits';
import { showToast } from './toast';

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
}

/** Sends a request with the session cookie and throws `ApiError` unless the response is OK. */
export async function apiFetch(url: string, { method = 'GET', body, signal }: RequestOptions = {}) {
  const init: RequestInit = { method, credentials: 'include', signal };
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself, so no Content-Type here.
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
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

/** `apiFetch` and read the JSON reply; an empty reply gives `undefined`. */
export async function apiRequest<T>(url: string, options?: RequestOptions): Promise<T> {
  const response = await apiFetch(url, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
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
  setTimeout(() => window.location.assign('/api/login'), LOGGED_OUT_REDIRECT_MS);
  return true;
}

/** Queries are keyed by URL parts: `['/api/campaigns', 5, 'emails']` reads `/api/campaigns/5/emails`. */
const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => apiRequest(queryKey.join('/'), { signal });

/** docs/product.md §11: data is fetched once and kept until a mutation invalidates it; nothing retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
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

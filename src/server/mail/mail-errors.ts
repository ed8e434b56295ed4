/** The mailbox's credentials were refused and could not be refreshed: the user must sign in again. */
export class MailAuthError extends Error {
  override name = 'MailAuthError';
}

/** A temporary refusal (429, 5xx, SMTP 4xx): try again later, no sooner than `retryAfterMs` if given. */
export class MailRetryableError extends Error {
  override name = 'MailRetryableError';
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** Parses an HTTP Retry-After header (seconds or a date) into milliseconds. */
export function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

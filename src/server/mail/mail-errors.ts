/** The mailbox's credentials were refused and could not be refreshed: the user must sign in again. */
export class MailAuthError extends Error {
  override name = 'MailAuthError';
}

/**
 * A temporary refusal, or a failure that happened before the message could have reached the
 * server (DNS, connection refused, TLS handshake, a 4xx reply, an HTTP 429/5xx): sending the same
 * message again cannot make a second copy. Try again later, no sooner than `retryAfterMs` if given.
 */
export class MailRetryableError extends Error {
  override name = 'MailRetryableError';
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/**
 * The whole message was handed over and then the connection broke or timed out with no reply:
 * the server may have accepted it. Never retried blindly; settled like a send cut short by a
 * crash (the Sent folder is asked where it can be, else the user decides).
 */
export class MailOutcomeUnknownError extends Error {
  override name = 'MailOutcomeUnknownError';
}

/**
 * The installation's mail settings are wrong (a refused login, an untrusted certificate, TLS
 * that the relay does not offer): no retry can succeed until an operator changes the named setting.
 */
export class MailConfigError extends Error {
  override name = 'MailConfigError';
}

/** Parses an HTTP Retry-After header (seconds or a date) into milliseconds. */
export function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

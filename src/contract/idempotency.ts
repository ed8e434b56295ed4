/**
 * `Idempotency-Key` (the IETF httpapi draft "The Idempotency-Key HTTP Header Field", as Stripe
 * uses it): a client names one attempt of a POST, and repeating the request with the same key
 * within IDEMPOTENCY_WINDOW_HOURS gets the first answer back instead of acting again. The routes
 * that honour it say so in the API table (`idempotencyKey: true`, route.ts).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Set to `true` on an answer that was stored from the key's first request, not made now. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** How long a key keeps its first answer, counted from its first request. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
export const IDEMPOTENCY_WINDOW_MS = IDEMPOTENCY_WINDOW_HOURS * 3600_000;

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** 1 to 255 printable ASCII characters (space included, as in a structured-field string). */
export const IDEMPOTENCY_KEY_PATTERN = `^[\\x20-\\x7E]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`;
const WELL_FORMED = new RegExp(IDEMPOTENCY_KEY_PATTERN);

export const INVALID_IDEMPOTENCY_KEY_MESSAGE =
  `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters, ` +
  'given once (a UUID is a good choice)';

/**
 * The key a request carries: null when it has none, 'invalid' when the header is there but is no
 * key. The draft writes the key as a structured-field string (`"8e03…"`), most clients write it
 * bare (`8e03…`): both name the same key, so the quotes (and their escapes) are taken off.
 */
export function readIdempotencyKey(header: string | string[] | undefined): string | null | 'invalid' {
  if (header === undefined) return null;
  // Two headers, or one list: which attempt the request is would be ambiguous.
  if (Array.isArray(header)) return 'invalid';
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(header);
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : header;
  return WELL_FORMED.test(key) ? key : 'invalid';
}

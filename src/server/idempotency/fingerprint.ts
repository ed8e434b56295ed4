import crypto from 'node:crypto';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

/**
 * JSON with every object's keys in order, so two bodies that say the same thing (`{"a":1,"b":2}`
 * and `{ "b": 2, "a": 1 }`) read the same. Arrays keep their order: it is part of what they say.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/**
 * What makes two requests the same request: method, path (with its ids) and query, and the body
 * as sent. The same key with another fingerprint is refused rather than answered with the first
 * request's answer, which would answer a question the client did not ask.
 */
export function requestFingerprint(request: {
  method: string;
  path: string;
  query: unknown;
  body: unknown;
}): string {
  return sha256(
    [request.method, request.path, canonicalJson(request.query), canonicalJson(request.body)].join('\n'),
  );
}

/**
 * Whose key it is: the same key names different requests in different workspaces, for different
 * callers (an API token, or a person's session) and on different routes. Hashed, so the table's
 * unique index is on a short fixed-size value whatever the key's length.
 */
export function keyScope(scope: {
  workspaceId: number | null;
  caller: { apiTokenId: number } | { userId: number };
  method: string;
  route: string;
  key: string;
}): string {
  const caller =
    'apiTokenId' in scope.caller ? `token:${scope.caller.apiTokenId}` : `user:${scope.caller.userId}`;
  return sha256(JSON.stringify([scope.workspaceId, caller, scope.method, scope.route, scope.key]));
}

import { ApiError } from './api';

/**
 * The server's words about one field of a body it refused, to show under that field. A 400 names
 * each problem by its path, joined by "; " (the error handler in src/server/app.ts), e.g.
 * "400: Invalid body: body.url: Enter an http:// or https:// address". A problem inside the field
 * (`body.eventTypes.2`) counts as the field's. Null when the error says nothing about the field.
 */
export function bodyFieldError(error: unknown, field: string): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const details = error.message.replace(/^400: Invalid body: /, '');
  const path = `body.${field}`;
  for (const part of details.split(/; (?=body\.)/)) {
    const colon = part.indexOf(': ');
    if (colon < 0) continue;
    const at = part.slice(0, colon);
    if (at === path || at.startsWith(`${path}.`)) return part.slice(colon + 2);
  }
  return null;
}

/** Line breaks and other control characters (C0, DEL, C1, Unicode line and paragraph separators). */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

/** The error for a one-line text holding a line break or control character, else null. */
export function oneLineError(label: string, value: string | null | undefined): string | null {
  return value && CONTROL_CHARACTERS.test(value)
    ? `${label} must be one line: remove line breaks and other control characters`
    : null;
}

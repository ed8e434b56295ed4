/**
 * The bracketed placeholders of the default unsubscribe message and signature, which stand in for
 * sender settings not filled in yet. A message still holding one of them must not go out: real
 * emails have been sent reading "You received this email because [reason]." Only these exact
 * names count, so square brackets a user typed on purpose are left alone.
 */
export const DEFAULT_PLACEHOLDERS = {
  companyName: '[Company Name]',
  streetAddress: '[Street Address]',
  city: '[City]',
  state: '[State]',
  zipCode: '[ZIP Code]',
  reason: '[reason]',
  /** The default signature's ("Best Regards, [Your Name]"). */
  yourName: '[Your Name]',
} as const;

const ALL = Object.values(DEFAULT_PLACEHOLDERS);

/** The default placeholders `text` still holds (letter case ignored), in the order they are listed above. */
export function unfilledPlaceholders(text: string | null | undefined): string[] {
  if (!text) return [];
  const lower = text.toLowerCase();
  return ALL.filter((placeholder) => lower.includes(placeholder.toLowerCase()));
}

/** `"[City]"`, or `"[City]", "[State]" and "[reason]"`. */
export function quotedList(placeholders: readonly string[]): string {
  const quoted = placeholders.map((p) => `"${p}"`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

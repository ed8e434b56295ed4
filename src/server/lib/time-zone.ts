/** An IANA zone name: letters first, then areas and places ("Europe/Berlin", "Etc/GMT+5", "UTC"). */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * An IANA time zone as a person typed it, with the usual capitals ("europe/berlin" →
 * "Europe/Berlin"), or null when it is not one. The name itself is kept: the runtime would turn
 * some into older aliases ("Asia/Kolkata" → "Asia/Calcutta"). Offsets ("+01:00") are refused:
 * PostgreSQL reads such strings with the POSIX sign, the opposite of what people mean.
 */
export function ianaTimeZone(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length > 64 || !ZONE_NAME.test(trimmed)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === trimmed.toLowerCase() ? resolved : trimmed;
  } catch {
    return null;
  }
}

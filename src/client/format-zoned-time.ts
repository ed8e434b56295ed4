/**
 * A moment with its time zone, for times a person plans around (when a scheduled email goes out),
 * e.g. "Nov 26, 2026, 10:00 AM GMT+1". The zone is the browser's by default: the one the schedule
 * dialog's Date and Time fields are in, and the one the app saves as the user's. Intl names it in
 * the short form the locale knows (an abbreviation such as "PST", else the offset).
 */
export function formatZonedDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(date);
}

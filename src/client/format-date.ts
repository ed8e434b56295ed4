import dayjs from 'dayjs';

/** A date as lists show it, e.g. "Jul 30, 2025". */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM D, YYYY') : '';
}

/** A moment as messages show it, e.g. "Jul 30, 2025, 10:00 AM", in the browser's time zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM D, YYYY, h:mm A') : '';
}

/**
 * A calendar day the server names as YYYY-MM-DD, as a chart axis shows it, e.g. "Jul 30". Built from
 * its parts, so it never shifts with the browser's time zone; anything else is left as it is.
 */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = dayjs(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.isValid() ? date.format('MMM D') : day;
}

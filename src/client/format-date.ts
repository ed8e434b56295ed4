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

/** A time of day as status lines show it, e.g. "10:42 AM", in the browser's time zone. */
export function formatTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('h:mm A') : '';
}

/**
 * A calendar day the server names as YYYY-MM-DD, as a chart axis shows it, e.g. "Jul 30". Built from
 * its parts, so it never shifts with the browser's time zone; anything else is left as it is.
 */
export function formatDay(day: string): string {
  return formatCalendarDay(day, 'MMM D');
}

/** A YYYY-MM-DD day as lists show dates, e.g. "Jul 30, 2025"; like formatDay, never shifted. */
export function formatFullDay(day: string): string {
  return formatCalendarDay(day, 'MMM D, YYYY');
}

function formatCalendarDay(day: string, format: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = dayjs(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.isValid() ? date.format(format) : day;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/**
 * How long ago a moment was, as status lines show it: "just now", "5 minutes ago", "3 hours ago",
 * "2 days ago"; after a week the date and time, which say more than "23 days ago". A moment a little
 * ahead of the browser's clock (the server's clock runs ahead) is "just now".
 */
export function formatRelativeTime(value: string | Date | null | undefined, now: Date = new Date()): string {
  if (!value) return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  const seconds = (now.getTime() - date.valueOf()) / 1000;
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 7) return relative.format(-days, 'day');
  return formatDateTime(date.toDate());
}

/**
 * A YYYY-MM-DD day as a "not now" badge names it, e.g. "Mar 2027": the reply named a month or a day
 * far ahead, and the month is what a glance at the list needs. Built from its parts, so it never
 * shifts with the browser's time zone; anything else is left out ('').
 */
export function formatCalendarMonth(day: string): string {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(day);
  if (!match) return '';
  const date = dayjs(new Date(Number(match[1]), Number(match[2]) - 1, 1));
  return date.isValid() ? date.format('MMM YYYY') : '';
}

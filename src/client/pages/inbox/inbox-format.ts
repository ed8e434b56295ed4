import dayjs from 'dayjs';

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

/**
 * When an answer arrived, as the list's narrow column shows it: the time today, "Mon" within the
 * week, "Jul 30" within the year, the full date before. The row's title (and the detail pane)
 * give the whole moment.
 */
export function formatReceived(value: string, now: Date = new Date()): string {
  const at = dayjs(value);
  if (!at.isValid()) return '';
  const today = dayjs(now);
  if (at.isSame(today, 'day')) return at.format('h:mm A');
  if (at.isAfter(today.subtract(6, 'day').startOf('day')) && at.isBefore(today)) return at.format('ddd');
  if (at.isSame(today, 'year')) return at.format('MMM D');
  return at.format('MMM D, YYYY');
}

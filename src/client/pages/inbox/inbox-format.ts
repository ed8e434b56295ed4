import dayjs from 'dayjs';

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

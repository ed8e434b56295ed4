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

import dayjs from 'dayjs';

/** A date as lists show it, e.g. "Jul 30, 2025". */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM D, YYYY') : '';
}

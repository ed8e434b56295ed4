import dayjs from 'dayjs';

const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/**
 * A moment as a `datetime-local` field holds it, to the minute in the browser's time zone, e.g.
 * "2026-03-05T09:30": the field has no zone, so the browser's is the one the person reads.
 */
export function localInputValue(date: Date): string {
  return dayjs(date).format('YYYY-MM-DDTHH:mm');
}

/** A `datetime-local` field's value as an ISO moment (read in the browser's zone); null unless complete. */
export function isoFromLocalInput(value: string): string | null {
  if (!LOCAL_INPUT.test(value)) return null;
  const date = dayjs(value);
  // dayjs rolls an impossible date over (month 13 is next January): only one that reads back is kept.
  const readBack = date.format(value.length > 16 ? 'YYYY-MM-DDTHH:mm:ss' : 'YYYY-MM-DDTHH:mm');
  return date.isValid() && readBack === value ? date.toISOString() : null;
}

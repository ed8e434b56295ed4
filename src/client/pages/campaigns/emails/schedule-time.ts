import dayjs from 'dayjs';

export type ScheduleCheck = { ok: true; iso: string } | { ok: false; error: string };

/** docs/product.md §6's scheduling messages. */
export const BOTH_REQUIRED = 'Please select both date and time';
export const MUST_BE_FUTURE = 'Scheduled time must be in the future';

/**
 * The instant a Date (`YYYY-MM-DD`) and Time (`HH:mm`) field pair means in the browser's time zone,
 * checked as required and sent as ISO (UTC), so the server never guesses the user's zone.
 */
export function checkScheduleTime(date: string | null, time: string, now = new Date()): ScheduleCheck {
  if (!date || !time.trim()) return { ok: false, error: BOTH_REQUIRED };
  const at = dayjs(`${date}T${time.trim()}`);
  if (!at.isValid()) return { ok: false, error: BOTH_REQUIRED };
  if (!at.isAfter(now)) return { ok: false, error: MUST_BE_FUTURE };
  return { ok: true, iso: at.toDate().toISOString() };
}

/** The Date field's minimum (today), as the date picker wants it. */
export const todayValue = (now = new Date()) => dayjs(now).format('YYYY-MM-DD');

/** Field values for an existing time, so Edit starts from what is scheduled. */
export function scheduleFields(iso: string | null | undefined): { date: string | null; time: string } {
  const at = iso ? dayjs(iso) : null;
  if (!at?.isValid()) return { date: null, time: '' };
  return { date: at.format('YYYY-MM-DD'), time: at.format('HH:mm') };
}

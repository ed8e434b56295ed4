import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Sends that did not fit a day's limit go out at this local hour on a following day. */
const MORNING_HOUR = 9;

/** 09:00 in `timeZone`, `daysAhead` days after today there. */
export function morningOf(timeZone: string, daysAhead: number, now: Date = new Date()): Date {
  // Date arithmetic on the calendar date, then one conversion of a local wall time: adding days
  // to a zoned instant lands an hour off across a DST change.
  const date = dayjs(now).tz(timeZone).format('YYYY-MM-DD');
  const target = dayjs.utc(date).add(daysAhead, 'day').format('YYYY-MM-DD');
  return dayjs.tz(`${target} ${String(MORNING_HOUR).padStart(2, '0')}:00`, timeZone).toDate();
}

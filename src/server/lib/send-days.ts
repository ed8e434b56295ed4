import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { SendWindow } from '../../contract/campaigns';

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

/** 00:00 in `timeZone`, `daysAhead` days after today there. */
export function startOfDay(timeZone: string, daysAhead: number, now: Date = new Date()): Date {
  const date = dayjs(now).tz(timeZone).format('YYYY-MM-DD');
  return dayjs.tz(`${dayjs.utc(date).add(daysAhead, 'day').format('YYYY-MM-DD')} 00:00`, timeZone).toDate();
}

/**
 * The first moment at or after `from` inside `hours` in `timeZone`: `from` itself when it is
 * inside. The same rule as the follow-ups' window in the database (follow_up_due with no delay).
 */
export function openingOf(hours: SendWindow, timeZone: string, from: Date): Date {
  const start = dayjs(from).tz(timeZone);
  const firstDay = start.format('YYYY-MM-DD');
  for (let ahead = 0; ahead <= 7; ahead++) {
    const date = dayjs.utc(firstDay).add(ahead, 'day');
    // dayjs numbers Sunday 0; ISO numbers it 7.
    if (!hours.days.includes(date.day() === 0 ? 7 : date.day())) continue;
    // A local wall time, as follow_up_due reads it (minutes added to an instant drift across DST).
    const at = (minute: number) => {
      const day = date.add(Math.floor(minute / 1440), 'day').format('YYYY-MM-DD');
      const inDay = minute % 1440;
      const time = `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
      return dayjs.tz(`${day} ${time}`, timeZone).toDate();
    };
    const opens = at(hours.startMinute);
    const closes = at(hours.endMinute);
    if (from < closes) return from > opens ? from : opens;
  }
  return from;
}

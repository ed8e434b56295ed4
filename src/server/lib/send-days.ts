import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { SendWindow } from '../../contract/campaigns';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Sends that did not fit a day's limit go out at this local hour on a following day. */
const MORNING_HOUR = 9;

/**
 * The instant of a local wall time: `minute` minutes after midnight (1440 being the next midnight)
 * on the day `daysAhead` days after `from`'s day in `timeZone`. Date arithmetic on the calendar
 * date, then one conversion of the wall time: adding days or minutes to a zoned instant lands an
 * hour off across a DST change (follow_up_due in the database reads its window the same way).
 */
function wallTime(timeZone: string, from: Date, daysAhead: number, minute: number): Date {
  const date = dayjs(from).tz(timeZone).format('YYYY-MM-DD');
  const day = dayjs
    .utc(date)
    .add(daysAhead + Math.floor(minute / 1440), 'day')
    .format('YYYY-MM-DD');
  const inDay = minute % 1440;
  const time = `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
  return dayjs.tz(`${day} ${time}`, timeZone).toDate();
}

/** The ISO weekday (1 Monday … 7 Sunday) of the day `daysAhead` days after `from`'s in `timeZone`. */
function isoWeekday(timeZone: string, from: Date, daysAhead: number): number {
  const day = dayjs.utc(dayjs(from).tz(timeZone).format('YYYY-MM-DD')).add(daysAhead, 'day').day();
  return day === 0 ? 7 : day;
}

/** 09:00 in `timeZone`, `daysAhead` days after today there. */
export function morningOf(timeZone: string, daysAhead: number, now: Date = new Date()): Date {
  return wallTime(timeZone, now, daysAhead, MORNING_HOUR * 60);
}

/** 00:00 in `timeZone`, `daysAhead` days after today there. */
export function startOfDay(timeZone: string, daysAhead: number, now: Date = new Date()): Date {
  return wallTime(timeZone, now, daysAhead, 0);
}

/**
 * The first moment at or after `from` inside `hours` in `timeZone`: `from` itself when it is
 * inside. The same rule as the follow-ups' window in the database (follow_up_due with no delay).
 */
export function openingOf(hours: SendWindow, timeZone: string, from: Date): Date {
  for (let ahead = 0; ahead <= 7; ahead++) {
    if (!hours.days.includes(isoWeekday(timeZone, from, ahead))) continue;
    const opens = wallTime(timeZone, from, ahead, hours.startMinute);
    const closes = wallTime(timeZone, from, ahead, hours.endMinute);
    if (from < closes) return from > opens ? from : opens;
  }
  return from;
}

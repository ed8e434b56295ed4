import type { SendWindow } from '../../contract/campaigns';

/**
 * The follow-ups' sending window as the editor's inputs hold it: the chosen ISO weekdays and the
 * times as typed ("HH:MM", '' while a time input is incomplete), so a half-typed time can be shown
 * with an inline error instead of being lost.
 */
export interface SendWindowDraft {
  days: number[];
  start: string;
  end: string;
}

/** ISO weekdays (1 Monday … 7 Sunday), as the chips show them. */
export const WEEKDAYS = [
  { day: 1, label: 'Mon' },
  { day: 2, label: 'Tue' },
  { day: 3, label: 'Wed' },
  { day: 4, label: 'Thu' },
  { day: 5, label: 'Fri' },
  { day: 6, label: 'Sat' },
  { day: 7, label: 'Sun' },
] as const;

export const WINDOW_PROBLEMS = {
  days: 'Choose at least one day',
  start: 'Enter a start time',
  end: 'Enter an end time',
  order: 'The end time must be after the start time',
} as const;

const MINUTES_A_DAY = 24 * 60;

/**
 * "HH:MM" of a minute after midnight. The window's end may be 1440 (midnight at the end of the
 * day), which a time input cannot show: it is written "00:00", read back as 1440 by `endMinuteOf`.
 */
export function timeOfMinute(minute: number): string {
  const inDay = minute % MINUTES_A_DAY;
  const hours = Math.floor(inDay / 60);
  return `${String(hours).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

/** Minutes after midnight of an "HH:MM" (seconds, which some browsers add, are ignored); null if not a time. */
export function minuteOfTime(time: string): number | null {
  const match = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** An end of "00:00" is midnight at the end of the day: a window cannot end before it starts. */
function endMinuteOf(time: string): number | null {
  const minute = minuteOfTime(time);
  return minute === 0 ? MINUTES_A_DAY : minute;
}

export function windowDraftOf(window: SendWindow): SendWindowDraft {
  return {
    days: [...window.days].sort((a, b) => a - b),
    start: timeOfMinute(window.startMinute),
    end: timeOfMinute(window.endMinute),
  };
}

export type WindowProblems = Partial<Record<'days' | 'start' | 'end', string>>;

/** What is wrong with each part of the window, for the inline errors; empty when it can be saved. */
export function windowProblems(draft: SendWindowDraft): WindowProblems {
  const problems: WindowProblems = {};
  if (draft.days.length === 0) problems.days = WINDOW_PROBLEMS.days;
  const start = minuteOfTime(draft.start);
  const end = endMinuteOf(draft.end);
  if (start === null) problems.start = WINDOW_PROBLEMS.start;
  if (end === null) problems.end = WINDOW_PROBLEMS.end;
  else if (start !== null && end <= start) problems.end = WINDOW_PROBLEMS.order;
  return problems;
}

/** The window to save; null while `windowProblems` finds anything wrong. */
export function sendWindowOf(draft: SendWindowDraft): SendWindow | null {
  const start = minuteOfTime(draft.start);
  const end = endMinuteOf(draft.end);
  if (draft.days.length === 0 || start === null || end === null || end <= start) return null;
  return { days: [...new Set(draft.days)].sort((a, b) => a - b), startMinute: start, endMinute: end };
}

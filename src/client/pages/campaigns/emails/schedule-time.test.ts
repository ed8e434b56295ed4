import { describe, expect, it } from 'vitest';
import {
  BOTH_REQUIRED,
  checkScheduleTime,
  MUST_BE_FUTURE,
  scheduleFields,
  todayValue,
} from './schedule-time';

// Local time throughout: the fields are read in the browser's zone.
const now = new Date(2025, 7, 1, 12, 0);

describe('checkScheduleTime', () => {
  it('needs both the date and the time', () => {
    expect(checkScheduleTime(null, '10:00', now)).toEqual({ ok: false, error: BOTH_REQUIRED });
    expect(checkScheduleTime('2025-08-02', '', now)).toEqual({ ok: false, error: BOTH_REQUIRED });
    expect(checkScheduleTime('2025-08-02', '  ', now)).toEqual({ ok: false, error: BOTH_REQUIRED });
  });

  it('refuses a time that is not in the future', () => {
    expect(checkScheduleTime('2025-08-01', '11:59', now)).toEqual({ ok: false, error: MUST_BE_FUTURE });
    expect(checkScheduleTime('2025-08-01', '12:00', now)).toEqual({ ok: false, error: MUST_BE_FUTURE });
    expect(checkScheduleTime('2025-07-31', '18:00', now)).toEqual({ ok: false, error: MUST_BE_FUTURE });
  });

  it('gives the local date and time as an ISO instant', () => {
    const result = checkScheduleTime('2025-08-02', '10:00', now);
    expect(result).toEqual({ ok: true, iso: new Date(2025, 7, 2, 10, 0).toISOString() });
    expect(checkScheduleTime('2025-08-01', '12:01', now).ok).toBe(true);
  });

  it('treats an unreadable date as missing', () => {
    expect(checkScheduleTime('not a date', '10:00', now)).toEqual({ ok: false, error: BOTH_REQUIRED });
  });
});

describe('todayValue', () => {
  it('is the local date', () => {
    expect(todayValue(now)).toBe('2025-08-01');
  });
});

describe('scheduleFields', () => {
  it('splits a scheduled instant into the local date and time', () => {
    expect(scheduleFields(new Date(2025, 7, 2, 9, 5).toISOString())).toEqual({
      date: '2025-08-02',
      time: '09:05',
    });
  });

  it('is empty without a time', () => {
    expect(scheduleFields(null)).toEqual({ date: null, time: '' });
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_SEND_WINDOW } from '../../contract/campaigns';
import {
  minuteOfTime,
  sendWindowOf,
  timeOfMinute,
  WINDOW_PROBLEMS,
  windowDraftOf,
  windowProblems,
} from './send-window';

describe('times', () => {
  it('reads and writes HH:MM', () => {
    expect(timeOfMinute(9 * 60 + 5)).toBe('09:05');
    expect(timeOfMinute(0)).toBe('00:00');
    expect(minuteOfTime('17:30')).toBe(17 * 60 + 30);
    // Some browsers add seconds to a time input's value.
    expect(minuteOfTime('08:15:00')).toBe(8 * 60 + 15);
    expect(minuteOfTime('')).toBeNull();
    expect(minuteOfTime('25:00')).toBeNull();
    expect(minuteOfTime('9:00')).toBeNull();
  });
});

describe('windowProblems', () => {
  const window = windowDraftOf(DEFAULT_SEND_WINDOW);

  it('accepts the default window, Monday to Friday 09:00 to 17:00', () => {
    expect(window).toEqual({ days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' });
    expect(windowProblems(window)).toEqual({});
    expect(sendWindowOf(window)).toEqual(DEFAULT_SEND_WINDOW);
  });

  it('puts an end at or before the start on the end time', () => {
    expect(windowProblems({ ...window, end: '08:00' })).toEqual({ end: WINDOW_PROBLEMS.order });
    expect(windowProblems({ ...window, end: '09:00' })).toEqual({ end: WINDOW_PROBLEMS.order });
    expect(sendWindowOf({ ...window, end: '09:00' })).toBeNull();
  });

  it('asks for a day and for both times', () => {
    expect(windowProblems({ days: [], start: '', end: '' })).toEqual({
      days: WINDOW_PROBLEMS.days,
      start: WINDOW_PROBLEMS.start,
      end: WINDOW_PROBLEMS.end,
    });
    expect(sendWindowOf({ ...window, days: [] })).toBeNull();
  });

  it('reads an end of 00:00 as midnight at the end of the day', () => {
    expect(windowProblems({ ...window, start: '00:00', end: '00:00' })).toEqual({});
    expect(sendWindowOf({ days: [7, 6, 6], start: '00:00', end: '00:00' })).toEqual({
      days: [6, 7],
      startMinute: 0,
      endMinute: 1440,
    });
  });
});

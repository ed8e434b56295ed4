import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChecksRunning } from './use-checks-running';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useChecksRunning', () => {
  it('waits for the checks while their count moves, and gives up after a minute without progress', () => {
    const { result, rerender } = renderHook(({ unchecked }) => useChecksRunning(unchecked), {
      initialProps: { unchecked: 40 },
    });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(50_000));
    rerender({ unchecked: 12 });
    act(() => vi.advanceTimersByTime(50_000));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(false);
    rerender({ unchecked: 11 });
    expect(result.current).toBe(true);
  });

  it('has nothing to wait for when every draft was checked', () => {
    const { result } = renderHook(() => useChecksRunning(0));
    expect(result.current).toBe(false);
  });
});

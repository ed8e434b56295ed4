import { describe, expect, it } from 'vitest';
import { markGenerating, reconcileGenerating, unmarkGenerating } from './generating-set';

describe('the local generating set', () => {
  it('marks and unmarks without touching an unchanged set', () => {
    const empty = new Map<number, number>();
    const one = markGenerating(empty, 1, 100);
    expect([...one]).toEqual([[1, 100]]);
    expect(markGenerating(one, 1, 200)).toBe(one);
    expect(unmarkGenerating(one, 2)).toBe(one);
    expect(unmarkGenerating(one, 1).size).toBe(0);
    expect(empty.size).toBe(0);
  });

  it('drops campaigns the server no longer reports as generating', () => {
    const set = new Map([
      [1, 100],
      [2, 100],
    ]);
    const next = reconcileGenerating(
      set,
      [
        { id: 1, status: 'ready' },
        { id: 2, status: 'generating' },
      ],
      150,
    );
    expect([...next.keys()]).toEqual([2]);
  });

  it('keeps a campaign marked after the list was fetched', () => {
    const set = new Map([[1, 200]]);
    expect(reconcileGenerating(set, [{ id: 1, status: 'draft' }], 150)).toBe(set);
  });

  it('drops a campaign a fresh list no longer holds', () => {
    expect(reconcileGenerating(new Map([[1, 100]]), [], 150).size).toBe(0);
  });

  it('returns the same set when nothing changes', () => {
    const set = new Map([[1, 100]]);
    expect(reconcileGenerating(set, [{ id: 1, status: 'generating' }], 150)).toBe(set);
  });
});

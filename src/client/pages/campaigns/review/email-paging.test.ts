import { describe, expect, it } from 'vitest';
import { clampIndex, findNextIndex, locate, pagesToPrefetch } from './email-paging';

describe('locate', () => {
  it('finds the page, its offset and the position inside it', () => {
    expect(locate(0, 50)).toEqual({ page: 0, offset: 0, position: 0 });
    expect(locate(49, 50)).toEqual({ page: 0, offset: 0, position: 49 });
    expect(locate(50, 50)).toEqual({ page: 1, offset: 50, position: 0 });
    expect(locate(9_999, 50)).toEqual({ page: 199, offset: 9_950, position: 49 });
  });
});

describe('clampIndex', () => {
  it('stays inside the list', () => {
    expect(clampIndex(-1, 10)).toBe(0);
    expect(clampIndex(10, 10)).toBe(9);
    expect(clampIndex(4, 10)).toBe(4);
  });

  it('gives 0 for an empty list', () => {
    expect(clampIndex(3, 0)).toBe(0);
  });
});

describe('pagesToPrefetch', () => {
  it('fetches the next page near the end of a page', () => {
    expect(pagesToPrefetch(45, 200, 50)).toEqual([1]);
    expect(pagesToPrefetch(39, 200, 50)).toEqual([]);
  });

  it('fetches the previous page near the start of a page', () => {
    expect(pagesToPrefetch(52, 200, 50)).toEqual([0]);
    expect(pagesToPrefetch(2, 200, 50)).toEqual([]);
  });

  it('never asks for a page past the end', () => {
    expect(pagesToPrefetch(195, 200, 50)).toEqual([]);
    expect(pagesToPrefetch(45, 50, 50)).toEqual([]);
    expect(pagesToPrefetch(45, 51, 50)).toEqual([1]);
  });
});

describe('findNextIndex', () => {
  const list = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  const pageSize = 3;
  const reader = () => {
    const read: number[] = [];
    const readPage = async (page: number) => {
      read.push(page);
      return list.slice(page * pageSize, page * pageSize + pageSize);
    };
    return { read, readPage };
  };

  it('finds the next match after the current index, across pages', async () => {
    const { read, readPage } = reader();
    expect(await findNextIndex(1, list.length, readPage, (x) => x === 'f', pageSize)).toBe(5);
    expect(read).toEqual([0, 1]);
  });

  it('never answers the current index itself, and does not wrap around', async () => {
    const { readPage } = reader();
    expect(await findNextIndex(2, list.length, readPage, (x) => x === 'c', pageSize)).toBeNull();
    expect(await findNextIndex(6, list.length, readPage, () => true, pageSize)).toBeNull();
  });

  it('stops at a short page', async () => {
    const { read, readPage } = reader();
    expect(await findNextIndex(0, 100, readPage, () => false, pageSize)).toBeNull();
    expect(read).toEqual([0, 1, 2]);
  });
});

import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RecipientRow } from '../queries/recipient-bulk';
import { AddressFilter, SuspectSpill } from './duplicate-filter';

describe('AddressFilter', () => {
  it('knows an address again whatever its letter case', () => {
    const filter = new AddressFilter();
    expect(filter.addIfNew('Ann@Example.com')).toBe(true);
    expect(filter.addIfNew('ann@example.com')).toBe(false);
    expect(filter.addIfNew('bo@example.com')).toBe(true);
  });

  it('never calls a new address known among 100,000 distinct ones more than rarely (hash collisions)', () => {
    const filter = new AddressFilter();
    let suspects = 0;
    for (let i = 0; i < 100_000; i++) if (!filter.addIfNew(`r${i}@example.com`)) suspects++;
    // 30-bit hashes: about n²/2³¹ ≈ 5 collisions expected; each is only a suspect the database settles.
    expect(suspects).toBeLessThan(50);
  });
});

describe('SuspectSpill', () => {
  const row = (n: number): RecipientRow => ({
    email: `r${n}@example.com`,
    company: null,
    jobTitle: null,
    data: '{}',
    timeZone: null,
    rowNumber: n,
  });

  it('gives back every row it kept, in order and in batches, and leaves no file behind', async () => {
    const spill = new SuspectSpill();
    for (let n = 1; n <= 25; n++) spill.add(row(n));
    const batches: RecipientRow[][] = [];
    for await (const batch of spill.batches(10)) batches.push(batch);
    expect(batches.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(batches.flat().map((r) => r.rowNumber)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    spill.discard();
    expect(fs.existsSync(spill.file)).toBe(false);
  });

  it('yields nothing when nothing was kept', async () => {
    const spill = new SuspectSpill();
    const batches: RecipientRow[][] = [];
    for await (const batch of spill.batches(10)) batches.push(batch);
    expect(batches).toEqual([]);
    spill.discard();
  });
});

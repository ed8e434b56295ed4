import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesced';

describe('coalesced reads', () => {
  it('runs identical concurrent calls once, different keys apart, and keeps nothing afterwards', async () => {
    const calls: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const read = coalesced(
      (arg: { userId: number }) => String(arg.userId),
      async ({ userId }) => {
        calls.push(userId);
        await gate;
        return { userId, n: calls.length };
      },
    );
    const together = [read({ userId: 1 }), read({ userId: 1 }), read({ userId: 2 })];
    release();
    const [a, b, c] = await Promise.all(together);
    expect(calls).toEqual([1, 2]);
    expect(a).toBe(b);
    expect(c).toMatchObject({ userId: 2 });

    // Settled: the next call queries again.
    await read({ userId: 1 });
    expect(calls).toEqual([1, 2, 1]);
  });

  it('gives every waiting caller the failure, and retries on the next call', async () => {
    let attempt = 0;
    const read = coalesced(
      (n: number) => String(n),
      async () => {
        attempt++;
        if (attempt === 1) throw new Error('database went away');
        return attempt;
      },
    );
    const results = await Promise.allSettled([read(1), read(1)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await read(1)).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_DELAYS } from '../../../contract/webhooks';
import { settlementOf } from './dispatcher';
import type { PostOutcome } from './post-webhook';

const NOW = new Date('2026-11-29T12:00:00Z');
const answer = (status: number | null, retryAfterSeconds: number | null = null): PostOutcome => ({
  status,
  error: status === null ? 'the connection was refused' : null,
  responseExcerpt: '',
  retryAfterSeconds,
  durationMs: 12,
});
const outcomeOf = (attempt: number, outcome: PostOutcome) => settlementOf({ id: 1, attempt }, outcome, NOW);
const waitOf = (attempt: number, outcome: PostOutcome) =>
  (outcomeOf(attempt, outcome).nextAttemptAt!.getTime() - NOW.getTime()) / 1000;

describe('what one webhook attempt leads to', () => {
  it('delivers on any 2xx', () => {
    for (const status of [200, 202, 204, 299]) expect(outcomeOf(1, answer(status)).state).toBe('delivered');
    expect(outcomeOf(1, answer(200)).error).toBeNull();
  });

  it('retries anything else on the Standard Webhooks schedule, then gives up after the tenth attempt', () => {
    expect(WEBHOOK_RETRY_DELAYS.map((_, i) => waitOf(i + 1, answer(500)))).toEqual([
      5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400,
    ]);
    expect(outcomeOf(3, answer(null))).toMatchObject({
      state: 'pending',
      error: 'the connection was refused',
    });
    expect(outcomeOf(2, answer(302))).toMatchObject({ state: 'pending', error: 'HTTP 302' });
    expect(outcomeOf(10, answer(500))).toMatchObject({ state: 'failed', nextAttemptAt: null });
  });

  it('waits what Retry-After asks on a 429 or a 50x, up to a day', () => {
    expect(waitOf(1, answer(429, 120))).toBe(120);
    expect(waitOf(4, answer(503, 2))).toBe(2);
    expect(waitOf(1, answer(504, 10 * 86_400))).toBe(86_400);
  });

  it('gives up at once on 410 Gone', () => {
    expect(outcomeOf(1, answer(410))).toMatchObject({ state: 'failed', error: 'HTTP 410' });
  });
});

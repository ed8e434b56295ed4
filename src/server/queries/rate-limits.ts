import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';

/**
 * Counts one hit for `key` in one atomic upsert and answers the hits so far in the current window
 * and the milliseconds left of it. A window starts at the first hit after the previous one
 * expired. The database's clock decides, so processes with drifting clocks still agree.
 */
export async function countRateLimitHit(db: Db, key: string, windowMs: number) {
  const expired = sql`${rateLimitCounters.expiresAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, expiresAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimitCounters.expiresAt} end`,
      },
    })
    .returning({
      hits: rateLimitCounters.hits,
      ttlMs: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitCounters.expiresAt} - now()) * 1000))::int`,
    });
  return { current: row!.hits, ttl: row!.ttlMs };
}

export async function deleteExpiredRateLimitCounters(db: Db): Promise<number> {
  const deleted = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.expiresAt, sql`now()`))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}

import { IDEMPOTENCY_WINDOW_MS } from '../../contract/idempotency';
import type { Db } from '../db/client';
import { deleteIdempotencyKeysBefore } from '../queries/idempotency-keys';

/**
 * Deletes the keys whose 24 h are over by the app's clock. A claim finds such a row a fresh key
 * anyway; this only keeps the table to a day of keys. Answers how many went.
 */
export const cleanUpIdempotencyKeys = (db: Db, now: Date) =>
  deleteIdempotencyKeysBefore(db, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS));

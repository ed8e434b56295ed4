import type { Db } from '../../db/client';
import { hasUnsubscribe } from '../../queries/unsubscribes';

/** Whether `email` unsubscribed from this user's mail (any campaign, any letter case); checked at send time. */
export function isUnsubscribed(db: Db, userId: number, email: string): Promise<boolean> {
  return hasUnsubscribe(db, userId, email);
}

/** docs/product.md §11's words for an email not sent because its recipient unsubscribed. */
export const UNSUBSCRIBED_MESSAGE = 'This recipient has unsubscribed and was not sent an email.';

import type { Db } from '../../db/client';
import type { WorkspaceId } from '../../db/schema';
import { hasUnsubscribe } from '../../queries/unsubscribes';

/** Whether `email` is on this workspace's suppression list (any campaign, any letter case). */
export function isUnsubscribed(db: Db, workspaceId: WorkspaceId, email: string): Promise<boolean> {
  return hasUnsubscribe(db, workspaceId, email);
}

/** docs/product.md §11's words for an email not sent because its recipient unsubscribed. */
export const UNSUBSCRIBED_MESSAGE = 'This recipient has unsubscribed and was not sent an email.';

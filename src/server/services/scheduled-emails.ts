import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { listScheduledPage } from '../queries/email-actions';
import { presentEmail } from './present-email';

/**
 * GET /api/scheduled-emails: a page of the workspace's scheduled emails, soonest first, each with its
 * campaign. With `campaignId` only that campaign's, for the dialog opened from its card: a campaign
 * id of another workspace simply lists nothing.
 */
export async function scheduledEmailsPage(
  db: Db,
  workspaceId: WorkspaceId,
  { limit, offset, campaignId }: { limit: number; offset: number; campaignId?: number },
) {
  const { items, total } = await listScheduledPage(db, workspaceId, limit, offset, campaignId);
  return {
    items: items.map(({ email, recipient, campaign }) => ({ ...presentEmail(email, recipient), campaign })),
    total,
    limit,
    offset,
  };
}

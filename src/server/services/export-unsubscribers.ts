import Papa from 'papaparse';
import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { exportCampaignUnsubscribePage } from '../queries/export';
import { ownCampaign } from './campaigns';

const PAGE_SIZE = 2000;

/**
 * A campaign's entries on the suppression list as CSV (email, unsubscribed_at, reason: `link`,
 * `one-click`, `email request` or `bounced`, docs/product.md §12), streamed page by page, with cells
 * a spreadsheet would run as formulas escaped. Checks ownership before the first byte, so
 * another workspace's campaign is a plain 404.
 */
export async function exportCampaignUnsubscribers(db: Db, workspaceId: WorkspaceId, campaignId: number) {
  await ownCampaign(db, workspaceId, campaignId);
  async function* rows(): AsyncGenerator<string> {
    yield `${Papa.unparse([['email', 'unsubscribed_at', 'reason']])}\r\n`;
    for (let after = 0; ; ) {
      const page = await exportCampaignUnsubscribePage(db, workspaceId, campaignId, after, PAGE_SIZE);
      if (page.length === 0) break;
      after = page[page.length - 1]!.id;
      const cells = page.map((u) => [u.email, u.createdAt.toISOString(), u.reason]);
      yield `${Papa.unparse(cells, { escapeFormulae: true })}\r\n`;
    }
  }
  return rows();
}

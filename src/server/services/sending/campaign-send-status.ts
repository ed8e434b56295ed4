import type { Db } from '../../db/client';
import { refreshSendStatus } from '../../queries/campaign-send-status';

/**
 * docs/product.md §4: a campaign is `sending` while any email is on its way, `scheduled` while only
 * scheduled ones wait, and `completed` once everything has gone (or `ready` if drafts remain).
 * One statement: every send chunk ends with it, and on the embedded database each statement a
 * chunk makes holds back the others.
 */
export async function refreshCampaignSendStatus(db: Db, campaignId: number) {
  await refreshSendStatus(db, campaignId);
}

import type { Db } from '../../db/client';
import {
  campaignEmailStates,
  hasEmailsInFlight,
  setCampaignStatus,
} from '../../queries/campaign-send-status';

/**
 * docs/product.md §4: a campaign is `sending` while any email is on its way, `scheduled` while only
 * scheduled ones wait, and `completed` once everything has gone (or `ready` if drafts remain).
 */
export async function refreshCampaignSendStatus(db: Db, campaignId: number) {
  // While emails are on their way the campaign is simply sending: one cheap probe per send,
  // and the full count only when the last one settles.
  if (await hasEmailsInFlight(db, campaignId)) return setCampaignStatus(db, campaignId, 'sending');
  const states = await campaignEmailStates(db, campaignId);
  const count = (...keys: (keyof typeof states)[]) => keys.reduce((n, k) => n + (states[k] ?? 0), 0);
  if (count('queued', 'sending') > 0) return setCampaignStatus(db, campaignId, 'sending');
  if (count('scheduled') > 0) return setCampaignStatus(db, campaignId, 'scheduled');
  if (count('sent', 'failed', 'unsubscribed', 'unknown') === 0)
    return setCampaignStatus(db, campaignId, 'ready');
  return setCampaignStatus(db, campaignId, count('draft') > 0 ? 'ready' : 'completed');
}

import type { Email, Recipient } from '../../contract/campaigns';
import { capacityOf } from '../../contract/email-rules';
import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { approvalCounts, type EmailListing, listEmailPage } from '../queries/emails';
import { campaignMailboxesToday } from '../queries/mailbox-capacity';
import { listRecipientPage } from '../queries/recipients';
import type { Member } from '../queries/workspaces';
import { ownCampaign } from './campaigns';
import { authorshipOf } from './email-authorship';
import { presentEmail } from './present-email';
import { senderFactsOfEmails } from './sender-profile/facts-of-emails';

type Page = { limit: number; offset: number };

/** A page of a campaign's emails, with the review's counts as this member may act on them. */
export async function listCampaignEmails(
  db: Db,
  member: Member,
  campaignId: number,
  { limit, offset, ...listing }: Page & EmailListing,
) {
  const campaign = await ownCampaign(db, member.workspaceId, campaignId);
  const [{ items, total }, counts] = await Promise.all([
    listEmailPage(db, campaignId, limit, offset, listing),
    // Under four-eyes, what this member wrote is not theirs to approve, so not counted as such.
    approvalCounts(db, campaignId, member.fourEyes ? member.userId : null),
  ]);
  const [facts, authorship] = await Promise.all([
    senderFactsOfEmails(
      db,
      campaign,
      items.map((i) => i.email),
    ),
    authorshipOf(
      db,
      items.map((i) => i.email.id),
    ),
  ]);
  const presented: Email[] = items.map(({ email: e, recipient }, i) => ({
    ...presentEmail(e, recipient),
    ...(facts[i] && { senderFactsUsed: facts[i] }),
    authorship: authorship.get(e.id),
  }));
  return { items: presented, total, limit, offset, counts };
}

export async function listCampaignRecipients(
  db: Db,
  workspaceId: WorkspaceId,
  campaignId: number,
  { limit, offset }: Page,
) {
  await ownCampaign(db, workspaceId, campaignId);
  const { items, total } = await listRecipientPage(db, campaignId, limit, offset);
  const presented: Recipient[] = items.map((r) => ({
    id: r.id,
    campaignId: r.campaignId,
    email: r.email,
    company: r.company,
    jobTitle: r.jobTitle,
    rowNumber: r.rowNumber,
    data: r.data,
  }));
  return { items: presented, total, limit, offset };
}

/**
 * The daily limits this campaign's emails count against, as sending uses them: today's allowance
 * (each in its owner's time zone) of the mailboxes it sends from, for emails with an unsubscribe
 * link or without, across every campaign that uses them. Settings reads the same allowances, so
 * the figures agree everywhere.
 */
export async function campaignDailyStatsFor(db: Db, workspaceId: WorkspaceId, campaignId: number) {
  const campaign = await ownCampaign(db, workspaceId, campaignId);
  const { dailyLimit, sent, remaining } = capacityOf(
    await campaignMailboxesToday(db, campaignId),
    campaign.includeUnsubscribeLink,
  );
  return { todaySentCount: sent, dailyLimit, remainingToday: remaining };
}

import { param, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client';
import { campaigns, emails } from '../db/schema';

type EmailRow = typeof emails.$inferSelect;

/**
 * docs/product.md §4 in one statement: a campaign is `sending` while any email is on its way,
 * `scheduled` while only scheduled ones wait, and `completed` once everything has gone (or `ready`
 * while drafts remain or nothing went). Each test is one index probe, made only when the ones
 * before it failed, so a campaign mid-send costs one. Campaigns still in draft or generating keep
 * their status. Answers to replies (step 0) move nothing: a completed campaign stays completed
 * while one is on its way (`step > 0` keeps each test one probe of (campaign_id, status)).
 * Returns the status it moved to, or null when it stayed.
 */
export async function refreshSendStatus(db: Db, campaignId: number) {
  const has = (statuses: EmailRow['status'][]) =>
    sql`exists (select 1 from ${emails} where campaign_id = ${campaignId}::integer and status = any(${param(statuses)}::text[])
                   and step > 0)`;
  const [row] = await selectRows<{ status: string }>(
    db,
    sql`
    update ${campaigns} c
    set status = s.status, updated_at = now()
    from (select case
      when ${has(['queued', 'sending'])} then 'sending'
      when ${has(['scheduled'])} then 'scheduled'
      when not ${has(['sent', 'failed', 'unsubscribed', 'unknown'])} then 'ready'
      when ${has(['draft'])} then 'ready'
      else 'completed' end as status) s
    where c.id = ${campaignId}::integer and c.status not in ('draft', 'generating') and c.status <> s.status
    returning c.status`,
  );
  return row?.status ?? null;
}

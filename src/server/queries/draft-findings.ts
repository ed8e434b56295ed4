import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Finding } from '../../contract/draft-findings';
import { type Db, selectRows } from '../db/client';
import { worstSeverityRank } from '../db/schema';

/** A draft as the checks read it, with its recipient's address and row. */
export type DraftForChecks = {
  id: number;
  step: number;
  subject: string;
  body: string;
  attentionReason: string | null;
  recipientEmail: string;
  row: Record<string, string | null>;
};

/**
 * The campaign's drafts (emails still in review), in id order: those of `ids`, or a page of
 * `limit` after `afterId` (a page at a time, so no one read holds the embedded database for long).
 * Its steps' only: a person's answer to a reply (step 0) is never the checks' to read.
 */
export function draftsForChecks(
  db: Db,
  campaignId: number,
  which: { ids: readonly number[] } | { afterId: number; limit: number },
) {
  return selectRows<DraftForChecks>(
    db,
    sql`select e.id::int as id, e.step, e.subject, e.body, e.attention_reason as "attentionReason",
               r.email as "recipientEmail", r.data as row
          from emails e join recipients r on r.id = e.recipient_id
         where e.campaign_id = ${campaignId} and e.status = 'draft' and e.step > 0
           ${'ids' in which ? sql`and e.id = any(${sql.param([...which.ids])}::bigint[])` : sql`and e.id > ${which.afterId}`}
         order by e.id
         ${'ids' in which ? sql`` : sql`limit ${which.limit}`}`,
  );
}

/** A draft's findings, and the text they were found in. */
export type CheckedDraft = { id: number; subject: string; body: string; findings: Finding[] };

/** What the checks read of a draft, compared in SQL: an edit saved meanwhile keeps its own findings. */
export const checkedText = (d: { subject: string; body: string }) =>
  createHash('md5').update(`${d.subject}\n${d.body}`).digest('hex');

/**
 * Stores each draft's findings and its place in the review queue, a few thousand per statement,
 * unless the draft was edited since it was read (the edit's findings stand). A dismissal holds
 * while the findings stay the same; new ones (another draft now duplicates this one) ask for a
 * look again.
 */
export async function storeFindings(
  db: Db,
  checked: readonly CheckedDraft[],
  /** False for drafts a person is working on (an edit re-read): their place in the queue holds. */
  { requeue = true } = {},
) {
  const rank = requeue ? worstSeverityRank(sql`t.findings`) : sql`e.queue_rank`;
  for (let i = 0; i < checked.length; i += 2000) {
    const chunk = checked.slice(i, i + 2000);
    await db.execute(sql`
      update emails e set findings = t.findings,
                          findings_dismissed = e.findings_dismissed and e.findings is not distinct from t.findings,
                          queue_rank = ${rank}
        from unnest(${sql.param(chunk.map((d) => d.id))}::bigint[],
                    ${sql.param(chunk.map((d) => JSON.stringify(d.findings)))}::jsonb[],
                    ${sql.param(chunk.map(checkedText))}::text[]) as t(id, findings, checked)
       where e.id = t.id and md5(e.subject || E'\n' || e.body) = t.checked`);
  }
}

/** Starts the campaign's claim-check figures again: its drafts are being read anew. */
export async function resetClaimCheckUse(db: Db, campaignId: number) {
  await db.execute(
    sql`update campaigns set claim_check_drafts = 0, claim_check_tokens = 0 where id = ${campaignId}`,
  );
}

/** Adds what a batch of claim checks cost to the campaign's figures. */
export async function addClaimCheckUse(db: Db, campaignId: number, drafts: number, tokens: number) {
  await db.execute(sql`
    update campaigns set claim_check_drafts = claim_check_drafts + ${drafts},
                         claim_check_tokens = claim_check_tokens + ${tokens}
     where id = ${campaignId}`);
}

/**
 * Campaigns done generating with drafts the checks never read: written before the checks existed,
 * or whose check job gave up. A partial index keeps this a probe however many emails there are.
 */
export function campaignsWithUncheckedDrafts(db: Db) {
  return selectRows<{ campaignId: number; userId: number }>(
    db,
    sql`select distinct e.campaign_id as "campaignId", e.user_id as "userId"
          from emails e join campaigns c on c.id = e.campaign_id
         where e.status = 'draft' and e.findings is null and e.step > 0 and c.status <> 'generating'`,
  );
}

/** The CSV row of one recipient. */
export async function recipientRow(db: Db, recipientId: number) {
  const [found] = await selectRows<{ row: Record<string, string | null> }>(
    db,
    sql`select data as row from recipients where id = ${recipientId}`,
  );
  return found?.row ?? {};
}

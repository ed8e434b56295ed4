import { sql } from 'drizzle-orm';
import type { Finding } from '../../contract/draft-findings';
import { type Db, selectRows } from '../db/client';

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

/** The campaign's drafts (emails still in review), in id order. */
export function draftsForChecks(db: Db, campaignId: number) {
  return selectRows<DraftForChecks>(
    db,
    sql`select e.id::int as id, e.step, e.subject, e.body, e.attention_reason as "attentionReason",
               r.email as "recipientEmail", r.data as row
          from emails e join recipients r on r.id = e.recipient_id
         where e.campaign_id = ${campaignId} and e.status = 'draft'
         order by e.id`,
  );
}

/** Stores each email's findings, a few thousand per statement. */
export async function storeFindings(db: Db, findings: Map<number, Finding[]>) {
  const entries = [...findings];
  for (let i = 0; i < entries.length; i += 2000) {
    const chunk = entries.slice(i, i + 2000);
    await db.execute(sql`
      update emails e set findings = t.findings
        from unnest(${sql.param(chunk.map(([id]) => id))}::bigint[],
                    ${sql.param(chunk.map(([, f]) => JSON.stringify(f)))}::jsonb[]) as t(id, findings)
       where e.id = t.id`);
  }
}

/** The CSV row of one recipient. */
export async function recipientRow(db: Db, recipientId: number) {
  const [found] = await selectRows<{ row: Record<string, string | null> }>(
    db,
    sql`select data as row from recipients where id = ${recipientId}`,
  );
  return found?.row ?? {};
}

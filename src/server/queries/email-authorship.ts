import { param, type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client';
import { campaigns, emails, users } from '../db/schema';

/**
 * One person an email names: their user id (null when it names nobody) and, while their account
 * exists, their name (else address; '' when it has neither). A null name for an id means the
 * account was deleted: the email keeps the id, which no longer finds a user.
 */
export type NamedPerson = { id: number | null; name: string | null };

export type AuthorshipRow = {
  id: number;
  writerId: number | null;
  generator: NamedPerson;
  editor: NamedPerson;
  approver: NamedPerson;
};

/** A user's name as the Members list shows it (first and last), else their address, or '' with neither. */
const nameOf = (alias: string): SQL =>
  sql.raw(`case when ${alias}.id is null then null
    else coalesce(nullif(concat_ws(' ', nullif(${alias}.first_name, ''), nullif(${alias}.last_name, '')), ''),
                  ${alias}.email, '') end`);

/**
 * Who generated, last edited and approved each of these emails, with their names, in one round trip.
 * An email that was never edited was written by whoever generated it (its own writer); once edited,
 * its writer is the editor and the campaign's generator (who started its latest generation) stands
 * for who generated it. Approval names someone only while the email is approved.
 */
export async function findEmailAuthorship(db: Db, ids: readonly number[]): Promise<AuthorshipRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectRows<{
    id: number;
    writerId: number | null;
    generatorId: number | null;
    generatorName: string | null;
    editorId: number | null;
    editorName: string | null;
    approverId: number | null;
    approverName: string | null;
  }>(
    db,
    sql`
    with named as (
      select e.id, e.written_by,
             case when e.is_edited then c.generated_by else e.written_by end as generator,
             case when e.is_edited then e.written_by end as editor,
             case when e.is_approved then e.approved_by end as approver
      from ${emails} e
      join ${campaigns} c on c.id = e.campaign_id
      where e.id = any(${param([...ids])}::bigint[])
    )
    select named.id::int as id, named.written_by as "writerId",
           named.generator as "generatorId", ${nameOf('g')} as "generatorName",
           named.editor as "editorId", ${nameOf('ed')} as "editorName",
           named.approver as "approverId", ${nameOf('a')} as "approverName"
    from named
    left join ${users} g on g.id = named.generator
    left join ${users} ed on ed.id = named.editor
    left join ${users} a on a.id = named.approver`,
  );
  return rows.map((row) => ({
    id: row.id,
    writerId: row.writerId,
    generator: { id: row.generatorId, name: row.generatorName },
    editor: { id: row.editorId, name: row.editorName },
    approver: { id: row.approverId, name: row.approverName },
  }));
}

import type { EmailAuthorship } from '../../contract/campaigns';
import type { Db } from '../db/client';
import { findEmailAuthorship, type NamedPerson } from '../queries/email-authorship';

/** How the review names someone whose account was deleted: the email still records that someone did it. */
export const FORMER_MEMBER = 'a former member';

/** An account with neither a name nor an address (never made by sign-in, but the columns allow it). */
const UNNAMED_MEMBER = 'a member';

function nameOf(person: NamedPerson): string | null {
  if (person.id === null) return null;
  if (person.name === null) return FORMER_MEMBER;
  return person.name || UNNAMED_MEMBER;
}

/** Who generated, last edited and approved each of these emails (docs/product.md §5), by email id. */
export async function authorshipOf(db: Db, ids: readonly number[]): Promise<Map<number, EmailAuthorship>> {
  const rows = await findEmailAuthorship(db, ids);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        writerId: row.writerId,
        generatedBy: nameOf(row.generator),
        editedBy: nameOf(row.editor),
        approvedBy: nameOf(row.approver),
      },
    ]),
  );
}

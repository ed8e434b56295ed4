import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { firstUserId } from '../../queries/users';

/**
 * Whether this person runs the deployment, and so may read the doctor's checks (server names,
 * what is misconfigured): an address in OPERATOR_EMAILS, or, when that is not set, the first
 * person who signed in. Every workspace has owners; a deployment's checks are not theirs to see.
 */
export async function isOperator(
  db: Db,
  config: Pick<Config, 'operatorEmails'>,
  person: { id: number; email: string | null },
): Promise<boolean> {
  if (config.operatorEmails.length > 0)
    return person.email !== null && config.operatorEmails.includes(person.email.trim().toLowerCase());
  return (await firstUserId(db)) === person.id;
}

import type { Db } from '../db/client';
import { AppError } from '../errors';
import { ianaTimeZone } from '../lib/time-zone';
import { deleteUserAndData } from '../queries/account-deletion';
import { mailboxesOfUser } from '../queries/mailboxes';
import { acceptTerms, lastSignInProvider, setTimeZone } from '../queries/users';
import { mailboxSyncKey } from './conversations/sync-mailbox';

export async function acceptTermsOfService(db: Db, userId: number): Promise<Date> {
  return (await acceptTerms(db, userId)) ?? new Date();
}

/** Stores the browser's IANA zone: daily limits and "today" are counted in it. */
export async function saveTimeZone(db: Db, userId: number, timeZone: string) {
  if (!ianaTimeZone(timeZone) || !(await setTimeZone(db, userId, timeZone)))
    throw new AppError('bad_request', 'Unknown time zone');
}

/** What a user types to confirm deleting their account: their email, or DELETE when they have none. */
export const deletionPhraseFor = (user: { email: string | null }) => user.email ?? 'DELETE';

/**
 * Deletes the account and everything in it (docs/product.md §9), once the user has typed their
 * email (or DELETE) to confirm; another text changes nothing.
 */
export async function deleteAccount(
  db: Db,
  user: { id: number; email: string | null },
  confirmation: string,
) {
  if (confirmation.trim().toLowerCase() !== deletionPhraseFor(user).toLowerCase())
    throw new AppError('bad_request', `Type ${deletionPhraseFor(user)} to confirm deleting your account`);
  const mailboxKeys = (await mailboxesOfUser(db, user.id)).map((m) => mailboxSyncKey(m.id));
  const deleted = await deleteUserAndData(db, user.id, mailboxKeys);
  if (!deleted) throw new AppError('not_found', 'Account not found');
  if (deleted !== true)
    throw new AppError(
      'conflict',
      `You are the only owner of ${deleted.soleOwnerOf}, which others still use: make one of them owner first`,
    );
}

/** The provider an API token's maker last signed in with: a token call has no session to name one. */
export const signInProviderOf = (db: Db, userId: number) => lastSignInProvider(db, userId);

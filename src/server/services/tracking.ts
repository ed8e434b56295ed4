import { z } from 'zod';
import type { Db } from '../db/client';
import { insertOpen } from '../queries/opens';
import { findEmailByTrackingToken, type TrackedEmail } from '../queries/tracking-tokens';
import { isMachineOpen } from './machine-open';

/** Tokens are random base64url (generation makes 24 characters); anything else is not ours. */
export const trackingToken = z.string().regex(/^[\w-]{16,64}$/);

/** Far more than any person opens one email; beyond it a replayed pixel URL records nothing. */
export const MAX_OPENS_PER_EMAIL = 200;
const MAX_USER_AGENT = 500;

/** The email a public link names, or null; a malformed token is simply unknown. */
export async function findTrackedEmail(db: Db, token: string): Promise<TrackedEmail | null> {
  if (!trackingToken.safeParse(token).success) return null;
  return findEmailByTrackingToken(db, token);
}

/**
 * Records a pixel fetch as an open of a sent email. Unknown tokens and emails that were never
 * sent (a preview, a draft) record nothing. Returns whether an open was stored.
 */
export async function recordOpen(
  db: Db,
  token: string,
  userAgent: string | undefined,
  openedAt = new Date(),
): Promise<boolean> {
  const email = await findTrackedEmail(db, token);
  if (email?.status !== 'sent') return false;
  const open = {
    emailId: email.id,
    userId: email.userId,
    campaignId: email.campaignId,
    userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT) : null,
    isMachine: isMachineOpen(userAgent, openedAt, email.sentAt),
    openedAt,
  };
  return insertOpen(db, open, MAX_OPENS_PER_EMAIL);
}

import DataLoader from 'dataloader';
import { z } from 'zod';
import type { Db } from '../db/client';
import { insertOpens, type NewOpen } from '../queries/opens';
import {
  findEmailByTrackingToken,
  findEmailsByTrackingTokens,
  type TrackedEmail,
} from '../queries/tracking-tokens';
import { isMachineOpen } from './machine-open';

/** Tokens are random base64url (generation makes 24 characters); anything else is not ours. */
export const trackingToken = z.string().regex(/^[\w-]{16,64}$/);

/** Far more than any person opens one email; beyond it a replayed pixel URL records nothing. */
export const MAX_OPENS_PER_EMAIL = 200;
const MAX_USER_AGENT = 500;
/**
 * Pixel fetches arriving within this window are recorded together (group commit): a campaign's
 * send wave makes opens arrive in bursts, and one statement per burst keeps the database and
 * the rollup rows from serialising on one row lock per open. A lone fetch waits only this long.
 */
const OPEN_BATCH_WINDOW_MS = 3;
const OPEN_BATCH_MAX = 500;

export type PixelFetch = { token: string; userAgent: string | undefined; at: Date };

/** The email a public link names, or null; a malformed token is simply unknown. */
export async function findTrackedEmail(db: Db, token: string): Promise<TrackedEmail | null> {
  if (!trackingToken.safeParse(token).success) return null;
  return findEmailByTrackingToken(db, token);
}

/**
 * Records pixel fetches as opens, batched: each call resolves, after its batch is committed, to
 * whether its open was stored. Unknown tokens and emails that were never sent (a preview, a
 * draft) record nothing.
 */
export function createOpenRecorder(db: Db) {
  const loader = new DataLoader<PixelFetch, boolean>((fetches) => recordOpens(db, fetches), {
    cache: false,
    maxBatchSize: OPEN_BATCH_MAX,
    batchScheduleFn: (dispatch) => setTimeout(dispatch, OPEN_BATCH_WINDOW_MS),
  });
  return (fetch: PixelFetch) => loader.load(fetch);
}

/** One statement to find the emails and one to store the opens, for any number of fetches. */
export async function recordOpens(db: Db, fetches: readonly PixelFetch[]): Promise<boolean[]> {
  const tokens = [...new Set(fetches.map((f) => f.token).filter((t) => trackingToken.safeParse(t).success))];
  const found = await findEmailsByTrackingTokens(db, tokens);
  const byToken = new Map(found.filter((e) => e.status === 'sent').map((e) => [e.trackingToken, e]));
  const opens: (NewOpen | null)[] = fetches.map(({ token, userAgent, at }) => {
    const email = byToken.get(token);
    if (!email) return null;
    return {
      emailId: email.id,
      userId: email.userId,
      campaignId: email.campaignId,
      userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT) : null,
      isMachine: isMachineOpen(userAgent, at, email.sentAt),
      openedAt: at,
    };
  });
  const stored = await insertOpens(
    db,
    opens.filter((o) => o !== null),
    MAX_OPENS_PER_EMAIL,
  );
  return opens.map((o) => o !== null && stored.has(o.emailId));
}

import crypto from 'node:crypto';
import type { Db } from '../db/client';
import {
  deleteExpiredSessions,
  deleteSession,
  findSessionWithUser,
  insertSession,
  touchSession,
} from '../queries/sessions';
import type { Provider } from '../queries/users';

export type SessionPolicy = { idleMs: number; maxMs: number };

/** Writing last_seen on every request would turn each read into a write; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

/** Creates a session and returns the opaque token for the cookie; only its hash is stored. */
export async function startSession(
  db: Db,
  policy: SessionPolicy,
  user: { userId: number; provider: Provider; userAgent: string | null },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = Date.now();
  await insertSession(db, {
    id: hashToken(token),
    userId: user.userId,
    provider: user.provider,
    userAgent: user.userAgent?.slice(0, 300) ?? null,
    idleExpiresAt: new Date(now + policy.idleMs),
    absoluteExpiresAt: new Date(now + policy.maxMs),
  });
  return token;
}

/**
 * The signed-in user for a cookie token, sliding the idle expiry; null when there is no such
 * session or it has expired (idle or absolute), in which case it is deleted.
 */
export async function resumeSession(db: Db, policy: SessionPolicy, token: string) {
  const id = hashToken(token);
  const found = await findSessionWithUser(db, id);
  if (!found) return null;
  const now = new Date();
  if (found.session.idleExpiresAt <= now || found.session.absoluteExpiresAt <= now) {
    await deleteSession(db, id);
    return null;
  }
  if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await touchSession(db, id, now, new Date(now.getTime() + policy.idleMs));
  }
  return { sessionId: id, provider: found.session.provider, user: found.user };
}

export async function slideSession(db: Db, policy: SessionPolicy, sessionId: string) {
  const now = new Date();
  await touchSession(db, sessionId, now, new Date(now.getTime() + policy.idleMs));
}

export async function endSession(db: Db, token: string) {
  await deleteSession(db, hashToken(token));
}

export const cleanUpExpiredSessions = (db: Db) => deleteExpiredSessions(db, new Date());

function hashToken(token: string) {
  return crypto.createHash('sha256').update(token).digest('base64url');
}

import { eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { sessions, users } from '../db/schema';
import type { Provider } from './users';

export async function insertSession(
  db: Db,
  row: {
    id: string;
    userId: number;
    provider: Provider;
    idleExpiresAt: Date;
    absoluteExpiresAt: Date;
    userAgent: string | null;
  },
) {
  await db.insert(sessions).values(row);
}

const sessionWithUser = preparedQuery((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('find_session_with_user'),
);

/** The session and its user, whatever their expiry: the caller decides what expired means. */
export async function findSessionWithUser(db: Db, id: string) {
  const [row] = await sessionWithUser(db).execute({ id });
  return row ?? null;
}

export async function touchSession(db: Db, id: string, now: Date, idleExpiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt: now, idleExpiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Db, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.idleExpiresAt, now), lt(sessions.absoluteExpiresAt, now)))
    .returning({ id: sessions.id });
  return deleted.length;
}

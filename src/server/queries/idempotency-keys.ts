import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys, type WorkspaceId } from '../db/schema';

export type IdempotencyCaller = {
  scope: string;
  workspaceId: WorkspaceId | null;
  userId: number;
  apiTokenId: number | null;
};

export type StoredAnswer = { status: number; headers: Record<string, string>; body: string };

/** What a request finds when it tries to claim a key. */
export type KeyClaim =
  /** It holds the key now (`claimToken`) and is to act. */
  | { kind: 'claimed'; id: number; claimToken: string }
  /** The key's first request has answered. */
  | { kind: 'answered'; fingerprint: string; answer: StoredAnswer }
  /** The key's first request is still running. */
  | { kind: 'running'; fingerprint: string };

/**
 * Claims the key for one run, or says what holds it. The claim is the insert itself: the unique
 * scope lets exactly one of any number of processes in, whatever their timing. A row whose 24 h
 * are over is a fresh key; a run with no answer past its lease died (its process was killed) and
 * the same request may take it over. Both are one conditional update, so one taker wins.
 */
export async function claimIdempotencyKey(
  db: Db,
  caller: IdempotencyCaller,
  request: { fingerprint: string; claimToken: string; now: Date; leaseMs: number; windowMs: number },
): Promise<KeyClaim> {
  const { fingerprint, claimToken, now } = request;
  const fresh = {
    fingerprint,
    claimToken,
    createdAt: now,
    leaseExpiresAt: new Date(now.getTime() + request.leaseMs),
    status: null,
    headers: null,
    body: null,
  };
  // A key freed between two of these steps (a 5xx deletes its row) is simply tried again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ ...caller, ...fresh })
      .onConflictDoNothing({ target: idempotencyKeys.scope })
      .returning({ id: idempotencyKeys.id });
    if (inserted) return { kind: 'claimed', id: inserted.id, claimToken };

    const [taken] = await db
      .update(idempotencyKeys)
      .set(fresh)
      .where(
        and(
          eq(idempotencyKeys.scope, caller.scope),
          or(
            lte(idempotencyKeys.createdAt, new Date(now.getTime() - request.windowMs)),
            and(
              isNull(idempotencyKeys.status),
              lte(idempotencyKeys.leaseExpiresAt, now),
              eq(idempotencyKeys.fingerprint, fingerprint),
            ),
          ),
        ),
      )
      .returning({ id: idempotencyKeys.id });
    if (taken) return { kind: 'claimed', id: taken.id, claimToken };

    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, caller.scope));
    if (!row) continue;
    if (row.status === null) return { kind: 'running', fingerprint: row.fingerprint };
    return {
      kind: 'answered',
      fingerprint: row.fingerprint,
      answer: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' },
    };
  }
  return { kind: 'running', fingerprint };
}

const heldBy = (claim: { id: number; claimToken: string }) =>
  and(eq(idempotencyKeys.id, claim.id), eq(idempotencyKeys.claimToken, claim.claimToken));

/** Keeps the answer of the run holding the claim; false when the claim was taken over meanwhile. */
export async function saveIdempotentAnswer(
  db: Db,
  claim: { id: number; claimToken: string },
  answer: StoredAnswer,
): Promise<boolean> {
  const saved = await db
    .update(idempotencyKeys)
    .set(answer)
    .where(heldBy(claim))
    .returning({ id: idempotencyKeys.id });
  return saved.length > 0;
}

/** Frees the key (its run failed on our side), unless another run holds it by now. */
export async function releaseIdempotencyKey(db: Db, claim: { id: number; claimToken: string }) {
  await db.delete(idempotencyKeys).where(heldBy(claim));
}

/** Moves a running claim's lease on, so a long run is not taken for a dead one. */
export async function renewIdempotencyLease(db: Db, claim: { id: number; claimToken: string }, until: Date) {
  await db
    .update(idempotencyKeys)
    .set({ leaseExpiresAt: until })
    .where(and(heldBy(claim), isNull(idempotencyKeys.status)));
}

/** Deletes the keys first used at or before `before`; answers how many. */
export async function deleteIdempotencyKeysBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.createdAt, before))
    .returning({ id: idempotencyKeys.id });
  return deleted.length;
}

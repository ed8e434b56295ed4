import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client';
import { mailboxes, oauthAccounts } from '../db/schema';

export type MailboxRow = typeof mailboxes.$inferSelect;
export type MailboxKind = MailboxRow['kind'];

export async function findMailbox(db: Db, mailboxId: number) {
  const [row] = await db.select().from(mailboxes).where(eq(mailboxes.id, mailboxId));
  return row ?? null;
}

/** One of this person's mailboxes; null for anyone else's (routes answer 404). */
export async function findOwnMailbox(db: Db, userId: number, mailboxId: number) {
  const [row] = await db
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.id, mailboxId), eq(mailboxes.userId, userId)));
  return row ?? null;
}

export async function mailboxesOfUser(db: Db, userId: number) {
  return db.select().from(mailboxes).where(eq(mailboxes.userId, userId)).orderBy(asc(mailboxes.id));
}

/** What the person's campaigns send from unless they name mailboxes. */
export async function defaultMailboxOf(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.userId, userId), eq(mailboxes.isDefault, true)));
  return row ?? null;
}

/**
 * At each sign-in: the mailbox of the account signed in with (`server` for local users, whose
 * mail goes through the deployment's relay) exists, and becomes the default unless the person
 * made a mailbox of their own (`smtp`) the default. So, as before mailboxes were things, the
 * latest sign-in decides where mail leaves from. A Google or Microsoft mailbox is found by its
 * account (`accountId`), so a person with two Google accounts has two mailboxes, never one that
 * changes hands. (Its "needs a new sign-in" state ends in resumePausedSending, which also sends
 * what waited.)
 */
export async function ensureSignInMailbox(
  tx: Db,
  userId: number,
  provider: 'google' | 'microsoft' | 'local',
  accountId: number | null,
): Promise<void> {
  const kind = provider === 'local' ? 'server' : provider;
  const same =
    kind === 'server' || accountId === null
      ? and(eq(mailboxes.userId, userId), eq(mailboxes.kind, kind))
      : eq(mailboxes.oauthAccountId, accountId);
  const [existing] = await tx
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .where(same)
    .orderBy(asc(mailboxes.id))
    .limit(1);
  const oauthAccountId = kind === 'server' ? null : accountId;
  const id =
    existing?.id ??
    (await tx.insert(mailboxes).values({ userId, kind, oauthAccountId }).returning({ id: mailboxes.id }))[0]!
      .id;
  const [current] = await tx
    .select({ id: mailboxes.id, kind: mailboxes.kind })
    .from(mailboxes)
    .where(and(eq(mailboxes.userId, userId), eq(mailboxes.isDefault, true)));
  if (!current || (current.id !== id && current.kind !== 'smtp')) {
    await tx.update(mailboxes).set({ isDefault: false }).where(eq(mailboxes.userId, userId));
    await tx.update(mailboxes).set({ isDefault: true }).where(eq(mailboxes.id, id));
  }
}

/** The Google or Microsoft mailbox that sends with this account's tokens; null when it has none. */
export async function mailboxOfAccount(db: Db, accountId: number) {
  const [row] = await db.select().from(mailboxes).where(eq(mailboxes.oauthAccountId, accountId));
  return row ?? null;
}

export async function markMailboxNeedsReauth(db: Db, mailboxId: number, needs: boolean) {
  await db
    .update(mailboxes)
    .set({ needsReauthAt: needs ? new Date() : null })
    .where(eq(mailboxes.id, mailboxId));
}

/**
 * This account's token was refused or renewed: its mailbox (only that one, whatever other
 * accounts of the same provider the person has) needs, or no longer needs, a new connection.
 * Returns the ids whose state changed.
 */
export async function markAccountMailboxNeedsReauth(
  db: Db,
  accountId: number,
  needs: boolean,
): Promise<number[]> {
  const rows = await db
    .update(mailboxes)
    .set({ needsReauthAt: needs ? new Date() : null })
    .where(
      and(
        eq(mailboxes.oauthAccountId, accountId),
        needs ? isNull(mailboxes.needsReauthAt) : isNotNull(mailboxes.needsReauthAt),
      ),
    )
    .returning({ id: mailboxes.id });
  return rows.map((r) => r.id);
}

/**
 * Whether the mailbox of an account the person signs in with waits for a new sign-in (the app's
 * banner says "sign in again"). A connected account's mailbox says "Reconnect" on its own card.
 */
export async function signInMailboxNeedsReauth(db: Db, userId: number) {
  const [row] = await db
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .innerJoin(oauthAccounts, eq(oauthAccounts.id, mailboxes.oauthAccountId))
    .where(
      and(
        eq(mailboxes.userId, userId),
        isNotNull(oauthAccounts.signedInAt),
        isNotNull(mailboxes.needsReauthAt),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Per-mailbox pacing shared by every worker: takes the mailbox's send turn if it is free now
 * (marking it busy for `spacingMs`) and answers null, or answers when the turn frees up.
 */
export async function takeSendTurn(db: Db, mailboxId: number, spacingMs: number): Promise<Date | null> {
  const [taken] = await db
    .update(mailboxes)
    .set({ nextSendAt: sql`now() + make_interval(secs => ${spacingMs / 1000})` })
    .where(
      and(
        eq(mailboxes.id, mailboxId),
        or(isNull(mailboxes.nextSendAt), lte(mailboxes.nextSendAt, sql`now()`)),
      ),
    )
    .returning({ id: mailboxes.id });
  if (taken) return null;
  const [row] = await db
    .select({ next: mailboxes.nextSendAt })
    .from(mailboxes)
    .where(eq(mailboxes.id, mailboxId));
  return row?.next ?? new Date();
}

export type NewMailbox = Omit<typeof mailboxes.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertMailbox(db: Db, values: NewMailbox) {
  const [row] = await db.insert(mailboxes).values(values).returning();
  return row!;
}

/** Changes a mailbox; `updatedAt` moves, so the send path's pooled connections follow a new login. */
export async function updateMailboxRow(db: Db, mailboxId: number, values: Partial<NewMailbox>) {
  const [row] = await db
    .update(mailboxes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(mailboxes.id, mailboxId))
    .returning();
  return row ?? null;
}

/** Makes this mailbox the person's default (one statement per flag, inside one transaction). */
export async function makeDefaultMailbox(db: Db, userId: number, mailboxId: number) {
  await db.transaction(async (tx) => {
    await tx.update(mailboxes).set({ isDefault: false }).where(eq(mailboxes.userId, userId));
    await tx.update(mailboxes).set({ isDefault: true }).where(eq(mailboxes.id, mailboxId));
  });
}

export async function deleteMailbox(db: Db, mailboxId: number) {
  await db.delete(mailboxes).where(eq(mailboxes.id, mailboxId));
}

/** How many emails wait to leave from this mailbox (queued, scheduled or being sent). */
export async function waitingEmailsOf(db: Db, mailboxId: number): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from emails e join recipients r on r.id = e.recipient_id
        where r.mailbox_id = ${mailboxId} and e.status in ('queued', 'scheduled', 'sending')`,
  );
  return row?.n ?? 0;
}

/** Sends in the last day below which one bounce says little about a mailbox's lists. */
export const BOUNCE_PAUSE_MIN_SENT = 20;
/** A mailbox whose hard bounces in the last day pass this share of its sends is paused. */
export const BOUNCE_PAUSE_RATE = 0.05;

/**
 * Pauses each mailbox these bounced emails left from whose hard bounces in the last 24 hours pass
 * 5 % of what it sent in them (from 20 sends on): mail providers judge a sender by its bounces, and
 * a list gone stale hurts every later email from that mailbox. Its owner resumes it. Returns the
 * ids it paused.
 */
export async function pauseMailboxesOverBounceRate(db: Db, bouncedEmailIds: number[]): Promise<number[]> {
  if (bouncedEmailIds.length === 0) return [];
  const rows = await selectRows<{ id: number }>(
    db,
    sql`
    with hit as (
      select distinct r.mailbox_id from emails e join recipients r on r.id = e.recipient_id
      where e.id = any(${`{${bouncedEmailIds.join(',')}}`}::bigint[]) and r.mailbox_id is not null
    ), rates as (
      select h.mailbox_id, count(*) as sent,
             count(*) filter (where e.bounced_at is not null and e.bounce_kind = 'hard') as bounced
      from hit h
      join recipients r on r.mailbox_id = h.mailbox_id
      join emails e on e.recipient_id = r.id and e.sent_at >= now() - interval '24 hours'
      group by h.mailbox_id
    )
    update mailboxes m set paused_at = now(), updated_at = now(),
      paused_reason = rates.bounced || ' of the ' || rates.sent
        || ' emails this mailbox sent in the last 24 hours bounced (more than 5 %), so it was paused to '
        || 'protect its reputation. Check the addresses of the lists it sends to, then resume it.'
    from rates
    where m.id = rates.mailbox_id and m.paused_at is null
      and rates.sent >= ${BOUNCE_PAUSE_MIN_SENT}::int and rates.bounced > rates.sent * ${BOUNCE_PAUSE_RATE}::numeric
    returning m.id`,
  );
  return rows.map((r) => r.id);
}

import { param, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client';
import { mailboxes, mailboxSyncs, oauthAccounts, users } from '../db/schema';

/**
 * Takes the mailbox's lease until `until` when nobody holds it (or the holder's ran out), and
 * returns the stored cursor; null when another worker holds it.
 */
export async function takeSyncLease(
  db: Db,
  key: string,
  token: string,
  now: Date,
  until: Date,
): Promise<{ cursor: unknown } | null> {
  await db.insert(mailboxSyncs).values({ key }).onConflictDoNothing();
  const [row] = await selectRows<{ cursor: unknown }>(
    db,
    sql`
    update ${mailboxSyncs} set lease_token = ${token}, lease_until = ${until}::timestamptz
    where key = ${key} and (lease_until is null or lease_until < ${now}::timestamptz)
    returning cursor`,
  );
  return row ?? null;
}

/** Stores the cursor and extends the lease; false when the lease was lost (another worker took it). */
export async function saveSyncCursor(db: Db, key: string, token: string, cursor: unknown, until: Date) {
  const rows = await selectRows(
    db,
    sql`
    update ${mailboxSyncs} set cursor = ${JSON.stringify(cursor)}::jsonb, lease_until = ${until}::timestamptz
    where key = ${key} and lease_token = ${token}
    returning key`,
  );
  return rows.length > 0;
}

/** Gives the lease back, with how the run ended. */
export async function endSyncLease(db: Db, key: string, token: string, at: Date, error: string | null) {
  await db.execute(sql`
    update ${mailboxSyncs}
    set lease_token = null, lease_until = null,
        last_synced_at = case when ${error}::text is null then ${at}::timestamptz else last_synced_at end,
        last_error = ${error}::text,
        last_error_at = case when ${error}::text is null then last_error_at else ${at}::timestamptz end
    where key = ${key} and lease_token = ${token}`);
}

/** Users whose address is one of these (any letter case). */
export async function usersByAddress(db: Db, addresses: string[]): Promise<{ id: number; email: string }[]> {
  if (addresses.length === 0) return [];
  return selectRows(
    db,
    sql`select id, email from ${users} where lower(email) = any(${param(addresses.map((a) => a.toLowerCase()))}::text[])`,
  );
}

/**
 * Every mailbox the sync may read: each connected Gmail and Outlook mailbox with the scopes its
 * account granted, and each mailbox set up in Settings with an IMAP login.
 */
export async function readableMailboxes(
  db: Db,
): Promise<
  (
    | { id: number; kind: 'google' | 'microsoft'; scopes: string | null }
    | { id: number; kind: 'smtp'; scopes: null }
  )[]
> {
  return selectRows(
    db,
    sql`
    select m.id, m.kind, a.scopes
    from ${mailboxes} m
    join ${oauthAccounts} a on a.id = m.oauth_account_id
    where m.kind in ('google', 'microsoft') and a.access_token_enc is not null
    union all
    select m.id, m.kind, null from ${mailboxes} m where m.kind = 'smtp' and m.imap_host is not null
    order by 1`,
  );
}

import { asc, eq, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys, mailboxes, oauthAccounts, webhookEndpoints } from '../db/schema';

/**
 * The values encrypted with SECRET_KEY in one row: a sign-in account's tokens, the passwords of
 * a mailbox set up in Settings, a webhook endpoint's signing secrets, or the answer kept for an
 * Idempotency-Key. `values` holds each encrypted column (null when empty).
 */
export type SealedRow = {
  table: 'oauth_accounts' | 'mailboxes' | 'webhook_endpoints' | 'idempotency_keys';
  id: number;
  values: Record<string, string | null>;
};

/** Every row holding an encrypted value, locked until the transaction ends (no refresh slips in). */
export async function lockSealedRows(db: Db): Promise<SealedRow[]> {
  const accounts = await db
    .select({
      id: oauthAccounts.id,
      accessTokenEnc: oauthAccounts.accessTokenEnc,
      refreshTokenEnc: oauthAccounts.refreshTokenEnc,
    })
    .from(oauthAccounts)
    .where(or(isNotNull(oauthAccounts.accessTokenEnc), isNotNull(oauthAccounts.refreshTokenEnc)))
    .orderBy(asc(oauthAccounts.id))
    .for('update');
  const boxes = await db
    .select({
      id: mailboxes.id,
      smtpPasswordEnc: mailboxes.smtpPasswordEnc,
      imapPasswordEnc: mailboxes.imapPasswordEnc,
    })
    .from(mailboxes)
    .where(or(isNotNull(mailboxes.smtpPasswordEnc), isNotNull(mailboxes.imapPasswordEnc)))
    .orderBy(asc(mailboxes.id))
    .for('update');
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      secretEnc: webhookEndpoints.secretEnc,
      previousSecretEnc: webhookEndpoints.previousSecretEnc,
    })
    .from(webhookEndpoints)
    .orderBy(asc(webhookEndpoints.id))
    .for('update');
  const keys = await db
    .select({ id: idempotencyKeys.id, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(isNotNull(idempotencyKeys.body))
    .orderBy(asc(idempotencyKeys.id))
    .for('update');
  return [
    ...accounts.map(({ id, ...values }) => ({ table: 'oauth_accounts' as const, id, values })),
    ...boxes.map(({ id, ...values }) => ({ table: 'mailboxes' as const, id, values })),
    ...endpoints.map(({ id, ...values }) => ({ table: 'webhook_endpoints' as const, id, values })),
    ...keys.map(({ id, ...values }) => ({ table: 'idempotency_keys' as const, id, values })),
  ];
}

/** Stores re-encrypted values; nothing else in the row changes, since what they hold did not. */
export async function replaceSealedRow(db: Db, row: SealedRow) {
  if (row.table === 'oauth_accounts') {
    const { accessTokenEnc, refreshTokenEnc } = row.values;
    await db
      .update(oauthAccounts)
      .set({ accessTokenEnc, refreshTokenEnc })
      .where(eq(oauthAccounts.id, row.id));
  } else if (row.table === 'mailboxes') {
    const { smtpPasswordEnc, imapPasswordEnc } = row.values;
    await db.update(mailboxes).set({ smtpPasswordEnc, imapPasswordEnc }).where(eq(mailboxes.id, row.id));
  } else if (row.table === 'idempotency_keys') {
    await db.update(idempotencyKeys).set({ body: row.values.body }).where(eq(idempotencyKeys.id, row.id));
  } else {
    const { secretEnc, previousSecretEnc } = row.values;
    if (!secretEnc) throw new Error(`webhook endpoint ${row.id} lost its secret`);
    await db
      .update(webhookEndpoints)
      .set({ secretEnc, previousSecretEnc })
      .where(eq(webhookEndpoints.id, row.id));
  }
}

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';

/** A message the in-app outbox keeps instead of delivering it. */
export type OutboxMessage = {
  emailId: number | null;
  messageId: string;
  recipient: string;
  subject: string;
  raw: string;
};

/** Stores one message in a user's outbox. */
export async function insertOutboxMessage(db: Db, userId: number, message: OutboxMessage) {
  await db.insert(outboxMessages).values({ userId, ...message });
}

/** Whether the user's outbox holds a message with this Message-ID (settles an interrupted send). */
export async function outboxHasMessage(db: Db, userId: number, messageId: string) {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.messageId, messageId)))
    .limit(1);
  return row !== undefined;
}

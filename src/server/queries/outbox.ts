import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emails, outboxMessages } from '../db/schema';
import { settleManySent } from './email-sending';

/** The outbox "sends" by storing: message and state in one transaction, so it never needs reconciling. */
export async function deliverToOutbox(
  db: Db,
  email: { id: number; userId: number },
  message: { messageId: string; recipient: string; subject: string; raw: string },
) {
  await db.transaction(async (tx) => {
    await tx.insert(outboxMessages).values({ userId: email.userId, emailId: email.id, ...message });
    await tx
      .update(emails)
      .set({
        status: 'sent',
        sentAt: new Date(),
        transport: 'outbox',
        rawMessage: message.raw,
        updatedAt: new Date(),
      })
      .where(and(eq(emails.id, email.id), eq(emails.status, 'sending')));
  });
}

/** deliverToOutbox for many emails of one user in one transaction. */
export async function deliverManyToOutbox(
  db: Db,
  userId: number,
  messages: { emailId: number; messageId: string; recipient: string; subject: string; raw: string }[],
) {
  if (messages.length === 0) return;
  await db.transaction(async (tx) => {
    const settled = await settleManySent(
      tx,
      messages.map((m) => ({ id: m.emailId, providerMessageId: null, raw: m.raw })),
      'outbox',
    );
    const kept = messages.filter((m) => settled.has(m.emailId));
    if (kept.length) await tx.insert(outboxMessages).values(kept.map((m) => ({ userId, ...m })));
  });
}

/** A test message in the outbox, tied to no campaign email. */
export async function deliverTestToOutbox(
  db: Db,
  userId: number,
  message: { messageId: string; recipient: string; subject: string; raw: string },
) {
  await db.insert(outboxMessages).values({ userId, emailId: null, ...message });
}

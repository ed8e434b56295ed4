import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emails, outboxMessages } from '../db/schema';

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

/** A test message in the outbox, tied to no campaign email. */
export async function deliverTestToOutbox(
  db: Db,
  userId: number,
  message: { messageId: string; recipient: string; subject: string; raw: string },
) {
  await db.insert(outboxMessages).values({ userId, emailId: null, ...message });
}

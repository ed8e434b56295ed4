import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { senderSettings } from '../db/schema';

export type SenderSettingsRow = typeof senderSettings.$inferSelect;
export type SenderSettingsValues = Omit<SenderSettingsRow, 'userId' | 'updatedAt'>;

export async function findSenderSettings(db: Db, userId: number): Promise<SenderSettingsRow | null> {
  const [row] = await db.select().from(senderSettings).where(eq(senderSettings.userId, userId));
  return row ?? null;
}

/** Writes only the fields given; the rest keep their stored values. */
export async function upsertSenderSettings(db: Db, userId: number, values: Partial<SenderSettingsValues>) {
  const [row] = await db
    .insert(senderSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: senderSettings.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

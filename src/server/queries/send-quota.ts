import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sendQuota } from '../db/schema';

export async function findSendQuota(db: Db, userId: number, day: string) {
  const [row] = await db
    .select()
    .from(sendQuota)
    .where(and(eq(sendQuota.userId, userId), eq(sendQuota.day, day)));
  return row ?? null;
}

import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { generatedImages } from '../db/schema';

export async function insertGeneratedImage(db: Db, values: typeof generatedImages.$inferInsert) {
  await db.insert(generatedImages).values(values);
}

/** Public lookup by unguessable token: the image is embedded in emails that anyone may open. */
export async function findGeneratedImage(db: Db, token: string) {
  const [row] = await db
    .select({ mediaType: generatedImages.mediaType, data: generatedImages.data })
    .from(generatedImages)
    .where(eq(generatedImages.token, token));
  return row ?? null;
}

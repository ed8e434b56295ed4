import crypto from 'node:crypto';
import type { Db } from '../../src/server/db/client';
import { campaigns, emails, recipients, users } from '../../src/server/db/schema';

/** Test data builders: real rows through Drizzle, with sensible defaults a test can override. */
export async function createUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({ email: `u-${crypto.randomBytes(4).toString('hex')}@example.com`, ...values })
    .returning();
  return user!;
}

export async function createCampaign(
  db: Db,
  userId: number,
  values: Partial<typeof campaigns.$inferInsert> = {},
) {
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId, name: 'Spring outreach', ...values })
    .returning();
  return campaign!;
}

export async function createRecipientWithEmail(
  db: Db,
  campaign: { id: number; userId: number },
  values: {
    email: string;
    data?: Record<string, string>;
    company?: string;
    subject?: string;
    status?: typeof emails.$inferInsert.status;
    sentAt?: Date;
  },
) {
  const [recipient] = await db
    .insert(recipients)
    .values({
      campaignId: campaign.id,
      email: values.email,
      company: values.company ?? null,
      data: values.data ?? { email: values.email },
      rowNumber: 1,
    })
    .returning();
  const [email] = await db
    .insert(emails)
    .values({
      userId: campaign.userId,
      campaignId: campaign.id,
      recipientId: recipient!.id,
      subject: values.subject ?? 'Hello',
      body: '<p>Hello</p>',
      status: values.status ?? 'draft',
      sentAt: values.sentAt ?? null,
      trackingToken: crypto.randomBytes(16).toString('base64url'),
    })
    .returning();
  return { recipient: recipient!, email: email! };
}

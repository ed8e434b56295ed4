import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import {
  campaignSteps,
  campaigns,
  emails,
  recipients,
  senderSettings,
  users,
  type WorkspaceId,
  workspaceSettings,
} from '../../src/server/db/schema';
import { defaultMailboxOf, ensureSignInMailbox } from '../../src/server/queries/mailboxes';
import { insertWorkspace, listMemberships, personalWorkspaceName } from '../../src/server/queries/workspaces';

/** Test data builders: real rows through Drizzle, with sensible defaults a test can override. */
export async function createUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({ email: `u-${crypto.randomBytes(4).toString('hex')}@example.com`, ...values })
    .returning();
  await insertWorkspace(db, user!.id, personalWorkspaceName(user!));
  // As a local sign-in gives: the deployment's relay (or the outbox) as the default mailbox.
  await ensureSignInMailbox(db, user!.id, 'local', null);
  return user!;
}

/** The user's first workspace: the personal one every user starts with. */
export async function personalWorkspaceOf(db: Db, userId: number): Promise<WorkspaceId> {
  const [first] = await listMemberships(db, userId);
  if (!first) throw new Error(`user ${userId} belongs to no workspace`);
  return first.workspaceId;
}

export async function createCampaign(
  db: Db,
  userId: number,
  values: Partial<typeof campaigns.$inferInsert> = {},
) {
  const workspaceId = values.workspaceId ?? (await personalWorkspaceOf(db, userId));
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId, workspaceId, name: 'Spring outreach', ...values })
    .returning();
  return campaign!;
}

export async function createRecipientWithEmail(
  db: Db,
  campaign: { id: number; userId: number; workspaceId: WorkspaceId },
  values: {
    email: string;
    data?: Record<string, string>;
    company?: string;
    subject?: string;
    status?: typeof emails.$inferInsert.status;
    sentAt?: Date;
    /** As stored: with angle brackets. */
    messageId?: string;
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
      workspaceId: campaign.workspaceId,
      userId: campaign.userId,
      campaignId: campaign.id,
      recipientId: recipient!.id,
      subject: values.subject ?? 'Hello',
      body: '<p>Hello</p>',
      status: values.status ?? 'draft',
      sentAt: values.sentAt ?? null,
      messageId: values.messageId ?? null,
      trackingToken: crypto.randomBytes(16).toString('base64url'),
    })
    .returning();
  return { recipient: recipient!, email: email! };
}

/**
 * Settings as Settings saves them: the person's name, address and signature on them, the company
 * fields and the sender profile on the workspace (the person's personal one unless given).
 */
export async function createSenderSettings(
  db: Db,
  userId: number,
  values: Partial<Omit<typeof senderSettings.$inferInsert, 'userId'>> &
    Partial<Omit<typeof workspaceSettings.$inferInsert, 'workspaceId'>> = {},
  workspaceId?: WorkspaceId,
) {
  const { name, email, signature, updatedAt: _updatedAt, ...company } = values;
  const [row] = await db.insert(senderSettings).values({ userId, name, email, signature }).returning();
  if (Object.keys(company).length > 0) {
    await db
      .insert(workspaceSettings)
      .values({ workspaceId: workspaceId ?? (await personalWorkspaceOf(db, userId)), ...company });
  }
  return row!;
}

/** A ready campaign with `count` approved draft emails to r0@…, r1@…, in one statement each. */
export async function createReadyCampaign(
  db: Db,
  userId: number,
  count: number,
  values: Partial<typeof campaigns.$inferInsert> = {},
) {
  const campaign = await createCampaign(db, userId, { status: 'ready', recipientCount: count, ...values });
  const tag = crypto.randomBytes(3).toString('hex');
  await db.execute(sql`
    insert into recipients (campaign_id, email, data, row_number)
    select ${campaign.id}, 'r' || g || '-' || ${tag} || '@example.com', '{}'::jsonb, g + 1 from generate_series(0, ${count - 1}) g`);
  await db.execute(sql`
    insert into emails (workspace_id, user_id, campaign_id, recipient_id, subject, body, is_approved, status,
                        include_unsubscribe_link, tracking_token)
    select ${campaign.workspaceId}, ${userId}, ${campaign.id}, r.id, 'Hello ' || r.email, '<p>Hi there</p>', true, 'draft',
           ${values.includeUnsubscribeLink ?? true}, md5(random()::text || r.id::text)
    from recipients r where r.campaign_id = ${campaign.id}`);
  return campaign;
}

/**
 * A ready campaign of `count` recipients (three by default), each with an approved first email
 * and a follow-up due two days after it; the last recipient's follow-up is left unapproved.
 */
export async function createCampaignWithFollowUps(db: Db, userId: number, count = 3) {
  const campaign = await createReadyCampaign(db, userId, count);
  await db.insert(campaignSteps).values({ campaignId: campaign.id, step: 2, delayDays: 2, templateId: null });
  await db.execute(sql`
    insert into emails (workspace_id, user_id, campaign_id, recipient_id, step, subject, body, is_approved, status,
                        include_unsubscribe_link, tracking_token)
    select workspace_id, user_id, campaign_id, recipient_id, 2, 'Re: ' || subject, '<p>Following up</p>',
           recipient_id < (select max(recipient_id) from emails where campaign_id = ${campaign.id}),
           'draft', true, md5(random()::text || id::text)
    from emails where campaign_id = ${campaign.id}`);
  return campaign;
}

/** The id of the person's default mailbox (what their campaigns send from unless they name others). */
export async function defaultMailboxIdOf(db: Db, userId: number): Promise<number> {
  const row = await defaultMailboxOf(db, userId);
  if (!row) throw new Error(`user ${userId} has no default mailbox`);
  return row.id;
}

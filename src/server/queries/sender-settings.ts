import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { senderSettings, type WorkspaceId, workspaceSettings, workspaces } from '../db/schema';
import type { Maker } from './workspaces';

/** The person's own part of what a sent email carries: From name, address, signature. */
export type PersonSettingsValues = Pick<typeof senderSettings.$inferSelect, 'name' | 'email' | 'signature'>;
/** The workspace's part: the company, its address and reason (the footer), the sender profile. */
export type CompanySettingsValues = Omit<typeof workspaceSettings.$inferSelect, 'workspaceId' | 'updatedAt'>;
/** Everything an email from one person for one workspace is written and sent with. */
export type SenderSettingsRow = PersonSettingsValues & CompanySettingsValues;

/**
 * The settings of a person sending for a workspace (theirs and the workspace's, read together);
 * each field null until someone saved it.
 */
export async function findSenderSettings(db: Db, { userId, workspaceId }: Maker): Promise<SenderSettingsRow> {
  const [row] = await db
    .select({
      name: senderSettings.name,
      email: senderSettings.email,
      signature: senderSettings.signature,
      companyName: workspaceSettings.companyName,
      streetAddress: workspaceSettings.streetAddress,
      city: workspaceSettings.city,
      state: workspaceSettings.state,
      zipCode: workspaceSettings.zipCode,
      phoneNumber: workspaceSettings.phoneNumber,
      recipientReason: workspaceSettings.recipientReason,
      profile: workspaceSettings.profile,
    })
    .from(workspaces)
    .leftJoin(workspaceSettings, eq(workspaceSettings.workspaceId, workspaces.id))
    .leftJoin(senderSettings, eq(senderSettings.userId, userId))
    .where(eq(workspaces.id, workspaceId));
  return row ?? { ...EMPTY_PERSON, ...EMPTY_COMPANY };
}

const EMPTY_PERSON: PersonSettingsValues = { name: null, email: null, signature: null };
const EMPTY_COMPANY: CompanySettingsValues = {
  companyName: null,
  streetAddress: null,
  city: null,
  state: null,
  zipCode: null,
  phoneNumber: null,
  recipientReason: null,
  profile: null,
};

/** The person's signature alone (it goes on every email they send, whichever workspace). */
export async function findSignature(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ signature: senderSettings.signature })
    .from(senderSettings)
    .where(eq(senderSettings.userId, userId));
  return row?.signature ?? null;
}

/** Writes only the fields given; the rest keep their stored values. */
export async function upsertPersonSettings(db: Db, userId: number, values: Partial<PersonSettingsValues>) {
  await db
    .insert(senderSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: senderSettings.userId, set: { ...values, updatedAt: new Date() } });
}

/** Writes only the fields given; the rest keep their stored values. */
export async function upsertCompanySettings(
  db: Db,
  workspaceId: WorkspaceId,
  values: Partial<CompanySettingsValues>,
) {
  await db
    .insert(workspaceSettings)
    .values({ workspaceId, ...values })
    .onConflictDoUpdate({ target: workspaceSettings.workspaceId, set: { ...values, updatedAt: new Date() } });
}

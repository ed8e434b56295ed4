import { senderProfileOf } from '../../contract/sender-profile';
import type { SaveSenderSettingsBody, SenderSettings } from '../../contract/settings';
import type { Db } from '../db/client';
import type { users } from '../db/schema';
import { AppError } from '../errors';
import { isLoopbackHost } from '../lib/loopback';
import { recordAudit } from '../queries/audit';
import {
  type CompanySettingsValues,
  findSenderSettings,
  type SenderSettingsRow,
  upsertCompanySettings,
  upsertPersonSettings,
} from '../queries/sender-settings';
import type { Member } from '../queries/workspaces';
import { defaultDnsDomain } from './dns-check';
import { assertRole } from './member-rules';
import { sanitizeRichText } from './sanitize-html';
import { storedSenderProfile } from './sender-profile/merge';
import { defaultUnsubscribeMessage } from './unsubscribe-message';

type User = typeof users.$inferSelect;

/** What presenting the settings needs of the deployment's configuration. */
export type SettingsConfig = { publicUrl: URL; mail: { domain?: string | undefined } };

/** The signed-in person's own settings with their current workspace's company settings. */
export async function getSenderSettings(
  db: Db,
  user: User,
  member: Member,
  config: SettingsConfig,
): Promise<SenderSettings> {
  return present(await findSenderSettings(db, member), user, config);
}

/**
 * Name and signature are the person's; the company fields and the sender profile are the
 * workspace's and only its owners change them. Company fields sent as they stand are no change, so
 * a sender saving their signature from the same form is not refused. The sender address is always
 * the account's own: mail leaves from the signed-in mailbox.
 */
export async function saveSenderSettings(
  db: Db,
  user: User,
  member: Member,
  config: SettingsConfig,
  body: SaveSenderSettingsBody,
): Promise<SenderSettings> {
  if (!user.email) throw new AppError('bad_request', 'User email not available');
  const { email: _ignored, name, signature, profile, ...company } = body;
  const current = await findSenderSettings(db, member);
  const changed = changedCompanyFields(current, {
    ...company,
    ...(profile !== undefined && { profile: senderProfileOf(profile) }),
  });
  if (Object.keys(changed).length > 0) assertRole(member, 'owner');
  await db.transaction(async (tx) => {
    await upsertPersonSettings(tx, user.id, {
      email: user.email,
      ...(name !== undefined && { name }),
      ...(signature !== undefined && { signature: signature ? sanitizeRichText(signature) : null }),
    });
    if (Object.keys(changed).length === 0) return;
    await upsertCompanySettings(tx, member.workspaceId, changed);
    await recordAudit(tx, [
      {
        workspaceId: member.workspaceId,
        actorId: member.userId,
        action: 'workspace.settings_changed',
        detail: { fields: Object.keys(changed) },
      },
    ]);
  });
  return present(await findSenderSettings(db, member), user, config);
}

/** The company fields whose value differs from the stored one (an empty field equals an unset one). */
function changedCompanyFields(
  current: SenderSettingsRow,
  given: Partial<CompanySettingsValues>,
): Partial<CompanySettingsValues> {
  const changed: Partial<CompanySettingsValues> = {};
  for (const [key, value] of Object.entries(given) as [keyof CompanySettingsValues, unknown][]) {
    if (value === undefined) continue;
    const same =
      key === 'profile'
        ? JSON.stringify(storedSenderProfile(current.profile)) ===
          JSON.stringify(storedSenderProfile(value as CompanySettingsValues['profile']))
        : ((current[key] as string | null) ?? '') === ((value as string | null) ?? '');
    if (!same) Object.assign(changed, { [key]: value });
  }
  return changed;
}

function present(row: SenderSettingsRow, user: User, config: SettingsConfig): SenderSettings {
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ') || null;
  return {
    name: row.name ?? displayName,
    email: user.email,
    signature: row.signature,
    companyName: row.companyName,
    streetAddress: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    phoneNumber: row.phoneNumber,
    recipientReason: row.recipientReason,
    defaultUnsubscribeMessage: defaultUnsubscribeMessage(row),
    publicUrlIsLoopback: isLoopbackHost(config.publicUrl.hostname),
    dnsDomain: defaultDnsDomain(user.email, config.mail.domain),
    profile: storedSenderProfile(row.profile),
  };
}

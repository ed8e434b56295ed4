import { senderProfileOf } from '../../contract/sender-profile';
import type { SaveSenderSettingsBody, SenderSettings } from '../../contract/settings';
import type { Db } from '../db/client';
import type { users } from '../db/schema';
import { AppError } from '../errors';
import { isLoopbackHost } from '../lib/loopback';
import { findSenderSettings, type SenderSettingsRow, upsertSenderSettings } from '../queries/sender-settings';
import { defaultDnsDomain } from './dns-check';
import { sanitizeRichText } from './sanitize-html';
import { storedSenderProfile } from './sender-profile/merge';
import { defaultUnsubscribeMessage } from './unsubscribe-message';

type User = typeof users.$inferSelect;

/** What presenting the settings needs of the deployment's configuration. */
export type SettingsConfig = { publicUrl: URL; mail: { domain?: string | undefined } };

export async function getSenderSettings(db: Db, user: User, config: SettingsConfig): Promise<SenderSettings> {
  return present(await findSenderSettings(db, user.id), user, config);
}

/** The sender address is always the account's own: mail leaves from the signed-in mailbox. */
export async function saveSenderSettings(
  db: Db,
  user: User,
  config: SettingsConfig,
  body: SaveSenderSettingsBody,
): Promise<SenderSettings> {
  if (!user.email) throw new AppError('bad_request', 'User email not available');
  const { email: _ignored, signature, profile, ...rest } = body;
  const row = await upsertSenderSettings(db, user.id, {
    ...rest,
    email: user.email,
    ...(signature !== undefined && { signature: signature ? sanitizeRichText(signature) : null }),
    ...(profile !== undefined && { profile: senderProfileOf(profile) }),
  });
  return present(row, user, config);
}

function present(row: SenderSettingsRow | null, user: User, config: SettingsConfig): SenderSettings {
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ') || null;
  return {
    name: row?.name ?? displayName,
    email: user.email,
    signature: row?.signature ?? null,
    companyName: row?.companyName ?? null,
    streetAddress: row?.streetAddress ?? null,
    city: row?.city ?? null,
    state: row?.state ?? null,
    zipCode: row?.zipCode ?? null,
    phoneNumber: row?.phoneNumber ?? null,
    recipientReason: row?.recipientReason ?? null,
    defaultUnsubscribeMessage: defaultUnsubscribeMessage(row),
    publicUrlIsLoopback: isLoopbackHost(config.publicUrl.hostname),
    dnsDomain: defaultDnsDomain(user.email, config.mail.domain),
    profile: storedSenderProfile(row?.profile),
  };
}

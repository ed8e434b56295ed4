import type { SenderProfile } from '../../../contract/sender-profile';
import type { SenderProfileForPrompt } from '../../ai/prompts/sender-profile';
import type { Db } from '../../db/client';
import type { users } from '../../db/schema';
import { findSenderSettings, type SenderSettingsRow } from '../../queries/sender-settings';
import { findUser } from '../../queries/users';
import { senderNameOf } from '../sending/campaign-message';
import { toSenderProfileForPrompt } from './for-prompt';
import { mergeSenderProfile, storedSenderProfile } from './merge';

type User = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName'>;

/** The sender as one campaign's AI emails are written and checked. */
export type Sender = {
  /** The Settings row (null before anything was saved), which the grounding check reads whole. */
  settings: SenderSettingsRow | null;
  /** The profile with the campaign's fields over the Settings' ones. */
  profile: SenderProfile;
  /** The `<sender>` block's object, the same for the writer and the claim check. */
  forPrompt: SenderProfileForPrompt;
};

/**
 * The sender of a user's AI emails: Settings' profile, with a campaign's own fields over it
 * (`campaignProfile`; null for none, and for the template editor, which has no campaign).
 */
export async function senderOf(
  db: Db,
  user: User | number,
  campaignProfile: SenderProfile | null = null,
): Promise<Sender> {
  const userId = typeof user === 'number' ? user : user.id;
  const [settings, account] = await Promise.all([
    findSenderSettings(db, userId),
    typeof user === 'number' ? findUser(db, user) : user,
  ]);
  const profile = mergeSenderProfile(
    storedSenderProfile(settings?.profile),
    campaignProfile && storedSenderProfile(campaignProfile),
  );
  const name = account ? senderNameOf(account, settings) : (settings?.name ?? null);
  return {
    settings,
    profile,
    forPrompt: toSenderProfileForPrompt({ name, company: settings?.companyName ?? null, profile }),
  };
}

/** senderOf for a campaign: its owner's Settings and its own profile. */
export const senderOfCampaign = (db: Db, campaign: { userId: number; senderProfile: SenderProfile | null }) =>
  senderOf(db, campaign.userId, campaign.senderProfile);

import type { SenderProfile } from '../../../contract/sender-profile';
import type { SenderProfileForPrompt } from '../../ai/prompts/sender-profile';
import type { Db } from '../../db/client';
import { findSenderSettings, type SenderSettingsRow } from '../../queries/sender-settings';
import { findUser } from '../../queries/users';
import type { Maker } from '../../queries/workspaces';
import { senderNameOf } from '../sending/campaign-message';
import { toSenderProfileForPrompt } from './for-prompt';
import { mergeSenderProfile, storedSenderProfile } from './merge';

/** The sender as one campaign's AI emails are written and checked. */
export type Sender = {
  /** The person's and the workspace's settings, which the grounding check reads whole. */
  settings: SenderSettingsRow;
  /** The profile with the campaign's fields over the workspace's. */
  profile: SenderProfile;
  /** The `<sender>` block's object, the same for the writer and the claim check. */
  forPrompt: SenderProfileForPrompt;
};

/**
 * The sender of a person's AI emails in a workspace: the workspace's profile and company, with a
 * campaign's own fields over them (`campaignProfile`; null for none, and for the template editor,
 * which has no campaign), and the person's name.
 */
export async function senderOf(
  db: Db,
  maker: Maker,
  campaignProfile: SenderProfile | null = null,
): Promise<Sender> {
  const [settings, account] = await Promise.all([findSenderSettings(db, maker), findUser(db, maker.userId)]);
  const profile = mergeSenderProfile(
    storedSenderProfile(settings.profile),
    campaignProfile && storedSenderProfile(campaignProfile),
  );
  const name = account ? senderNameOf(account, settings) : settings.name;
  return {
    settings,
    profile,
    forPrompt: toSenderProfileForPrompt({ name, company: settings.companyName, profile }),
  };
}

/** senderOf for a campaign: its maker's name, its workspace's settings and its own profile. */
export const senderOfCampaign = (db: Db, campaign: Maker & { senderProfile: SenderProfile | null }) =>
  senderOf(db, campaign, campaign.senderProfile);

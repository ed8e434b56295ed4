import type { SenderProfileForPrompt } from '../../src/server/ai/prompts/sender-profile';
import type { writeEmail } from '../../src/server/ai/write-email';
import { type CampaignWithSender, profileFacts } from '../../test/support/ai-corpus';

/**
 * How a corpus campaign's sender reaches the writer and the claim check: its profile as the
 * writer's `sender` input (the prompt's `<sender>` block) and as the claim check's, the same
 * object for both, as generation gives them.
 */
export function writerInput(
  campaign: CampaignWithSender,
  recipient: Record<string, string>,
): Parameters<typeof writeEmail>[1] {
  const { aiSources: instructions, senderProfile: sender } = campaign;
  return sender ? { instructions, recipient, sender } : { instructions, recipient };
}

export const senderForClaims = (campaign: CampaignWithSender): SenderProfileForPrompt =>
  campaign.senderProfile ?? {};

/** What the cheap checks count as given besides the row: the prompt and the profile's facts. */
export const sourcesOf = (campaign: CampaignWithSender) =>
  [campaign.aiSources, profileFacts(campaign.senderProfile)].filter(Boolean).join('\n');

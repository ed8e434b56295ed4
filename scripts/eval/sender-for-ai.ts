import type { checkClaims } from '../../src/server/ai/check-claims';
import { emailPrompt } from '../../src/server/ai/prompts/email-prompts';
import type { writeEmail } from '../../src/server/ai/write-email';
import { type CampaignWithSender, profileFacts, type SenderProfile } from '../../test/support/ai-corpus';

/**
 * How a corpus campaign's sender reaches the writer, the claim check and the cheap checks. The
 * profile goes to the writer as its `sender` input where the writer has one (a `<sender>` block
 * of its prompt); a writer without one gets it as text after the instructions, as the older
 * corpus's prompts carry their sender settings, so its drafts can use the proof points either way.
 */

type WriterInput = Parameters<typeof writeEmail>[1];
type PromptInput = Parameters<typeof emailPrompt>[0];

const PROBE = 'sender-input-probe';
/**
 * Whether this writer's prompt says what its `sender` input holds: asked of the prompt itself, so
 * the evaluation follows whichever writer this checkout has.
 */
export const writerTakesSender = emailPrompt({
  instructions: '',
  recipient: {},
  sender: { name: PROBE },
} as PromptInput).includes(PROBE);

export function writerInput(campaign: CampaignWithSender, recipient: Record<string, string>): WriterInput {
  const { aiSources: instructions, senderProfile: sender } = campaign;
  if (!sender) return { instructions, recipient };
  if (writerTakesSender) {
    // Through a variable, as a writer whose input declares no `sender` still takes the object.
    const input = { instructions, recipient, sender };
    return input;
  }
  return { instructions: `${instructions}\n${profileAsText(sender)}`, recipient };
}

function profileAsText(profile: SenderProfile) {
  const list = (items: string[] = []) => items.join(' | ');
  return [
    `Sender profile: name ${profile.name ?? ''}; title ${profile.title ?? ''}; company ${profile.company ?? ''}; website ${profile.website ?? ''}`,
    `What we do: ${profile.whatWeDo ?? ''}`,
    `Offer: ${profile.offer ?? ''}`,
    `Proof points (the only facts about us you may state): ${list(profile.proofPoints)}`,
    `Never claim: ${list(profile.neverClaim)}`,
  ].join('\n');
}

/**
 * The claim check's `<sender>` block: the profile the writer had. The prompt writes the block as
 * JSON, so the profile's lists read as they do in the writer's own block, whichever shape the
 * check's parameter declares in this version.
 */
export const senderForClaims = (campaign: CampaignWithSender) =>
  (campaign.senderProfile ?? {}) as unknown as Parameters<typeof checkClaims>[1]['sender'];

/** What the cheap checks count as given besides the row: the prompt and the profile's facts. */
export const sourcesOf = (campaign: CampaignWithSender) =>
  [campaign.aiSources, profileFacts(campaign.senderProfile)].filter(Boolean).join('\n');

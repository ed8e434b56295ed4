import type { SenderProfile } from '../../../contract/sender-profile';
import type { SenderProfileForPrompt } from '../../ai/prompts/sender-profile';

/**
 * The `<sender>` block's object: the name on the From line, the company of Settings and the
 * profile as the campaign merged it, with nothing empty (an empty field would read as a fact).
 */
export function toSenderProfileForPrompt(sender: {
  name: string | null;
  company: string | null;
  profile: SenderProfile;
}): SenderProfileForPrompt {
  const { profile } = sender;
  const out: SenderProfileForPrompt = {};
  const text = (
    key: Exclude<keyof SenderProfileForPrompt, 'proofPoints' | 'neverClaim'>,
    value: string | null,
  ) => {
    if (value?.trim()) out[key] = value.trim();
  };
  text('name', sender.name);
  text('title', profile.title);
  text('company', sender.company);
  text('website', profile.website);
  text('whatWeDo', profile.whatWeDo);
  text('offer', profile.offer);
  if (profile.proofPoints.length > 0) out.proofPoints = [...profile.proofPoints];
  if (profile.neverClaim.length > 0) out.neverClaim = [...profile.neverClaim];
  return out;
}

/**
 * What the sender's block gives the AI to state, as text for the cheap grounding check: a figure
 * of a proof point is then the sender's own, not an invented one. Never-claim entries are left
 * out: a draft that states one is not grounded by having been told not to.
 */
export function senderSourceText(sender: SenderProfileForPrompt): string {
  const { neverClaim: _left, proofPoints = [], ...rest } = sender;
  return [...Object.values(rest), ...proofPoints].join('\n');
}

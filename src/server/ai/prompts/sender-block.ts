import { dataBlock } from './data-block';
import type { SenderProfileForPrompt } from './sender-profile';

/**
 * The `<sender>` block of the writing prompt and of the claim check, from one function so the
 * writer and the checker read the same facts in the same shape: blank fields and empty lists are
 * left out, so an unset field never reads as "the sender has none".
 */
export function senderBlock(profile: SenderProfileForPrompt = {}): string {
  const text = (value: string | undefined) => value?.trim() || undefined;
  const list = (values: string[] | undefined) => {
    const kept = (values ?? []).map((value) => value.trim()).filter(Boolean);
    return kept.length ? kept : undefined;
  };
  return dataBlock('sender', {
    name: text(profile.name),
    title: text(profile.title),
    company: text(profile.company),
    website: text(profile.website),
    whatWeDo: text(profile.whatWeDo),
    offer: text(profile.offer),
    proofPoints: list(profile.proofPoints),
    neverClaim: list(profile.neverClaim),
  });
}

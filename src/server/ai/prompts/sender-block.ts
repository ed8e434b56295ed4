import type { SenderProfileForPrompt } from './sender-profile';

/**
 * The `<sender>` block of the writing prompts and of the claim check, from one function so the
 * writer and the checker read the same facts in the same shape. "<" is escaped in the JSON, so
 * no value can close the block early.
 */
export function senderBlock(profile: SenderProfileForPrompt = {}): string {
  return `<sender>\n${JSON.stringify(profile, null, 2).replace(/</g, '\\u003c')}\n</sender>`;
}

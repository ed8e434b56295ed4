import { countSetting } from './ai-from-env';

/**
 * The part of the corpus an evaluation runs on: EVAL_CAMPAIGNS, the first n campaigns, and
 * EVAL_LIMIT, the first n drafts of each. A slow local model or a first try need not pay for
 * the whole corpus.
 */
export function subset<C extends { drafts: unknown[] }>(campaigns: readonly C[]): C[] {
  const campaignCount = countSetting('EVAL_CAMPAIGNS');
  const draftCount = countSetting('EVAL_LIMIT');
  return campaigns
    .slice(0, campaignCount ?? campaigns.length)
    .map((c) => (draftCount === null ? c : { ...c, drafts: c.drafts.slice(0, draftCount) }));
}

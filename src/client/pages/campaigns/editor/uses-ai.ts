import { writtenByAi } from '../../../../contract/templates';
import type { CampaignDraft } from './campaign-draft';

/** Whether the AI writes some step of the campaign: the AI-only settings are shown only then. */
export function stepsUseAi(
  draft: Pick<CampaignDraft, 'templateId' | 'followUps'>,
  templates: readonly { id: number; type: string; aiInstructions: string | null }[] | undefined,
) {
  const ids = [draft.templateId, ...draft.followUps.map((step) => step.templateId)];
  return templates?.some((t) => ids.includes(t.id) && writtenByAi(t)) ?? false;
}

import { AiProviderNotice, useAiAvailable } from '../../../components/ai-provider-notice';
import type { CampaignEditorState } from './use-campaign-editor-state';
import { stepsUseAi } from './uses-ai';

/**
 * Said in the campaign editor as soon as a step's template is written by the AI and the server has
 * no AI provider, rather than when Generate is pressed and refused.
 */
export function AiProviderNeeded({ state }: { state: CampaignEditorState }) {
  const aiAvailable = useAiAvailable();
  if (aiAvailable || !stepsUseAi(state.draft, state.templates)) return null;
  return <AiProviderNotice feature="Writing this campaign’s emails" />;
}

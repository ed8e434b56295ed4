import { Switch } from '@mantine/core';
import type { CampaignEditorState } from './use-campaign-editor-state';
import { stepsUseAi } from './uses-ai';

/**
 * The AI claim check's switch, shown once a step's template is written by the AI: on by default;
 * off saves its tokens, and the cheap checks (names and numbers nothing supports) still run.
 */
export function CheckClaimsField({ state }: { state: CampaignEditorState }) {
  const { draft, update, templates } = state;
  if (!stepsUseAi(draft, templates)) return null;
  return (
    <Switch
      label="Check AI drafts for unsupported claims"
      description="A second AI call reads each draft and flags facts about the recipient that their row, your template and your settings do not support. Costs about as many tokens as writing the draft; the free checks run either way."
      checked={draft.checkClaimsWithAi}
      onChange={(event) => update({ checkClaimsWithAi: event.currentTarget.checked })}
    />
  );
}

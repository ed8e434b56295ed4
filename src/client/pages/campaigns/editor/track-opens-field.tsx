import { Switch } from '@mantine/core';
import type { CampaignEditorState } from './use-campaign-editor-state';

/** The campaign's open-tracking switch: on by default; off leaves the pixel out of every email. */
export function TrackOpensField({ state }: { state: CampaignEditorState }) {
  const { draft, update } = state;
  return (
    <Switch
      label="Track opens"
      description="Adds an invisible image to each email. Turn off for more privacy and slightly better deliverability; open figures then stay empty for this campaign."
      checked={draft.trackOpens}
      onChange={(event) => update({ trackOpens: event.currentTarget.checked })}
    />
  );
}

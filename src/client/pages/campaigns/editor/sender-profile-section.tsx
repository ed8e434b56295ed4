import { Collapse, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { EMPTY_SENDER_PROFILE } from '../../../../contract/sender-profile';
import { SenderProfileFields } from '../../../components/sender-profile-fields';
import { profileDraftOf, type SenderProfileDraft } from '../../../sender-profile-draft';
import { senderSettingsQuery } from '../../settings/use-save-sender-settings';
import { EditorSection } from './editor-section';
import type { CampaignEditorState } from './use-campaign-editor-state';
import { stepsUseAi } from './uses-ai';

/**
 * "Sender profile for this campaign", shown once the AI writes some step: by default the campaign
 * uses the Settings' profile; switched off, each field filled in here takes the Settings' place
 * for this campaign (docs/product.md §3).
 */
export function SenderProfileSection({ state }: { state: CampaignEditorState }) {
  const { draft, update, templates } = state;
  const { data: settings } = useQuery(senderSettingsQuery);
  // What was typed before switching back to the Settings, restored if the switch goes off again.
  const typed = useRef<SenderProfileDraft | null>(draft.senderProfile);
  const fieldsId = useId();
  if (!stepsUseAi(draft, templates)) return null;
  const own = draft.senderProfile;

  return (
    <EditorSection title="Sender profile for this campaign">
      <Switch
        label="Use my settings"
        description="The AI states only the facts of your Sender Profile in Settings about you. Switch off to give this campaign its own offer, proof points or other fields."
        checked={own === null}
        aria-controls={fieldsId}
        onChange={(event) => {
          if (event.currentTarget.checked) {
            typed.current = own;
            update({ senderProfile: null });
          } else update({ senderProfile: typed.current ?? profileDraftOf(null) });
        }}
      />
      <Collapse expanded={own !== null} id={fieldsId}>
        {own && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Fill in only what differs for this campaign: an empty field uses your Settings (shown in grey).
            </Text>
            <SenderProfileFields
              draft={own}
              fallback={settings?.profile ?? EMPTY_SENDER_PROFILE}
              onChange={(senderProfile) => update({ senderProfile })}
            />
          </Stack>
        )}
      </Collapse>
    </EditorSection>
  );
}

import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { Campaign } from '../../../../contract/campaigns';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { unmappedVariables, usedMappingVariables } from '../column-mapping';
import { AiProviderNeeded } from './ai-provider-needed';
import { submitProblem } from './campaign-draft';
import { DetailsSection } from './details-section';
import { FollowUpsSection } from './follow-ups-section';
import { MappingSection } from './mapping-section';
import { RecipientsSection } from './recipients-section';
import { SenderProfileSection } from './sender-profile-section';
import { UnmappedVariablesDialog } from './unmapped-variables-dialog';
import { useCampaignEditorState } from './use-campaign-editor-state';
import { type SaveOutcome, useSaveCampaign } from './use-save-campaign';

interface CampaignEditorProps {
  /** null creates a new campaign. */
  campaign: Campaign | null;
  /** 'csv' opens with the file picker focused (the card's Upload CSV). */
  focus?: 'csv';
  onClose: () => void;
  onSaved: (outcome: SaveOutcome) => void;
}

/**
 * The campaign editor dialog (docs/product.md §3): details, recipients' CSV, column mapping,
 * follow-ups and, for AI campaigns, the campaign's own sender profile.
 */
export function CampaignEditor({ campaign, focus, onClose, onSaved }: CampaignEditorProps) {
  const state = useCampaignEditorState(campaign);
  const { save, saving, uploadProgress } = useSaveCampaign(campaign?.id ?? null);
  const narrow = useMediaQuery('(max-width: 48em)');
  const [askingToLeave, setAskingToLeave] = useState(false);
  const [askingUnmapped, setAskingUnmapped] = useState(false);
  // Only variables some step's text uses: a declared one nothing writes out leaves no gap.
  const usedVariables = usedMappingVariables(
    state.variables ?? [],
    [state.draft.templateId, ...state.draft.followUps.map((step) => step.templateId)],
    state.templates,
  );
  const unmapped = unmappedVariables(usedVariables, state.draft.columnMapping, state.columns);
  /** Cancel, Escape and the X: a changed form asks first (docs/product.md §3), as the template editor does. */
  const close = () => {
    // The request would finish without anyone to report its outcome to.
    if (saving) return;
    if (!state.dirty) return onClose();
    // Opened after the current event: Escape reaches every open dialog's window listener, and a
    // dialog mounted while that Escape is still being dispatched would take it and close at once.
    setTimeout(() => setAskingToLeave(true), 0);
  };

  /** `confirmed`: the person chose to save with variables left unmapped (docs/product.md §3). */
  const submit = async (confirmed = false) => {
    // The form's own problems come first (save shows them); the question is for a form that can save.
    const problem = submitProblem(state.draft, {
      variables: state.savedVariables,
      hasRecipients: state.file !== null || state.savedRecipientCount > 0,
    });
    if (!confirmed && problem === null && unmapped.length > 0) {
      setAskingToLeave(false);
      // After the current event, as for the unsaved-changes question (Escape, Enter).
      setTimeout(() => setAskingUnmapped(true), 0);
      return;
    }
    setAskingUnmapped(false);
    const outcome = await save({
      draft: state.draft,
      variables: state.savedVariables,
      file: state.file,
      savedRecipientCount: state.savedRecipientCount,
      defaultUnsubscribeMessage: state.defaultUnsubscribeMessage,
      mailboxIds: state.sendFrom.changedIds,
    });
    if (!outcome) {
      // The toast says why; the form stays open to fix it.
      setAskingToLeave(false);
      return;
    }
    // A create starts the form over and closes; an update closes.
    if (!campaign) state.reset();
    onSaved(outcome);
    onClose();
  };

  return (
    <Modal.Root
      opened
      onClose={close}
      size="xl"
      fullScreen={narrow}
      // Escape belongs to the confirmation on top; a stray click outside should not lose the form.
      closeOnEscape={!state.confirmingUnsubscribe && !askingToLeave && !askingUnmapped}
      closeOnClickOutside={false}
    >
      <Modal.Overlay />
      <Modal.Content>
        {/* The header stays in view while the form scrolls, and toasts (bottom right) never cover it. */}
        <Modal.Header style={{ zIndex: 2 }}>
          <Modal.Title fw={700} fz="lg">
            {campaign ? 'Edit Campaign' : 'Create New Campaign'}
          </Modal.Title>
          <Group gap="sm" wrap="nowrap">
            <Button variant="default" onClick={close} disabled={saving} visibleFrom="xs">
              Cancel
            </Button>
            <Button onClick={() => void submit()} disabled={saving}>
              {saving ? 'Saving...' : campaign ? 'Update Campaign' : 'Create Campaign'}
            </Button>
            <Modal.CloseButton aria-label="Close" disabled={saving} />
          </Group>
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            <AiProviderNeeded state={state} />
            <DetailsSection state={state} autoFocus={focus !== 'csv'} />
            <RecipientsSection state={state} autoFocus={focus === 'csv'} uploadProgress={uploadProgress} />
            <MappingSection state={state} />
            <FollowUpsSection state={state} />
            <SenderProfileSection state={state} />
          </Stack>
          <UnsavedChangesDialog
            opened={askingToLeave}
            noun="campaign"
            saving={saving}
            onCancel={() => setAskingToLeave(false)}
            onDiscard={onClose}
            onSave={() => void submit()}
          />
          <UnmappedVariablesDialog
            opened={askingUnmapped}
            unmapped={unmapped}
            saving={saving}
            onMap={state.mapColumn}
            onBack={() => setAskingUnmapped(false)}
            onSave={() => void submit(true)}
          />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

import { Select, Textarea, TextInput } from '@mantine/core';
import { CheckClaimsField } from './check-claims-field';
import { EditorSection } from './editor-section';
import { SendFromField } from './send-from-field';
import { templateOptions } from './template-options';
import { TrackOpensField } from './track-opens-field';
import { UnsubscribeField } from './unsubscribe-field';
import type { CampaignEditorState } from './use-campaign-editor-state';

interface DetailsSectionProps {
  state: CampaignEditorState;
  /** Focus the name on opening (not when the editor opens for the CSV picker). */
  autoFocus: boolean;
}

/**
 * The 'Campaign Details' card: name, description, notes, template, and how it sends: the mailboxes,
 * the unsubscribe option and open tracking.
 */
export function DetailsSection({ state, autoFocus }: DetailsSectionProps) {
  const { draft, update, templates } = state;
  const options = templateOptions(templates);

  return (
    <EditorSection title="Campaign Details">
      <TextInput
        label="Campaign Name"
        placeholder="e.g. Spring product launch"
        withAsterisk
        data-autofocus={autoFocus || undefined}
        value={draft.name}
        onChange={(event) => update({ name: event.currentTarget.value })}
      />
      <Textarea
        label="Description"
        placeholder="What this campaign is for"
        rows={3}
        value={draft.description}
        onChange={(event) => update({ description: event.currentTarget.value })}
      />
      <Textarea
        label="Notes"
        placeholder="Anything to remember while reviewing"
        rows={2}
        value={draft.notes}
        onChange={(event) => update({ notes: event.currentTarget.value })}
      />
      <Select
        label="Email Template"
        placeholder={
          templates?.length === 0 ? 'Create a template on the Templates page first' : 'Select a template'
        }
        withAsterisk
        data={options}
        value={draft.templateId === null ? null : String(draft.templateId)}
        onChange={(value) => state.chooseTemplate(value === null ? null : Number(value))}
        allowDeselect={false}
        searchable
        nothingFoundMessage="No matching templates"
      />
      <SendFromField sendFrom={state.sendFrom} />
      <UnsubscribeField state={state} />
      <TrackOpensField state={state} />
      <CheckClaimsField state={state} />
    </EditorSection>
  );
}

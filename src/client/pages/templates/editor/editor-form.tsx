import { Button, Grid, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import type { TemplateType } from '../../../../contract/templates';
import { AiPromptFields } from './ai-prompt-fields';
import type { EditorDialog } from './editor-dialogs';
import { EmailTemplateFields } from './email-template-fields';
import { PreviewPanel } from './preview-panel';
import type { TemplateEditorState } from './use-template-editor-state';
import type { useVariableInsertion } from './use-variable-insertion';

const MODES: { value: TemplateType; label: string }[] = [
  { value: 'template', label: 'Email Template' },
  { value: 'prompt', label: 'AI Prompt' },
];

interface EditorFormProps {
  state: TemplateEditorState;
  editor: Editor | null;
  bodyLabelId: string;
  insertion: ReturnType<typeof useVariableInsertion>;
  openDialog: (dialog: EditorDialog) => void;
}

/** Name, mode and variables on top; the mode's fields on the left and the preview on the right. */
export function EditorForm({ state, editor, bodyLabelId, insertion, openDialog }: EditorFormProps) {
  const { draft, update } = state;
  const insertVariable = (variable: string) => insertion.insert(variable, editor);

  return (
    <Stack gap="lg">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label="Template Name"
          placeholder="e.g. Product launch outreach"
          withAsterisk
          data-autofocus
          style={{ flex: '1 1 240px' }}
          value={draft.name}
          onChange={(event) => update({ name: event.currentTarget.value })}
        />
        <SegmentedControl
          aria-label="Template type"
          data={MODES}
          value={draft.type}
          onChange={(type) => update({ type })}
        />
        <Button
          variant="default"
          leftSection={<IconBraces size={16} />}
          onClick={() => openDialog('variables')}
        >
          Variables
        </Button>
      </Group>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          {draft.type === 'template' ? (
            <EmailTemplateFields
              draft={draft}
              update={update}
              editor={editor}
              bodyLabelId={bodyLabelId}
              subjectRef={insertion.subjectRef}
              onSubjectFocus={insertion.onSubjectFocus}
              insertTarget={insertion.target}
              onInsertVariable={insertVariable}
              onGenerateTemplate={() => openDialog('generate-template')}
              onInsertImage={() => openDialog('insert-image')}
              onGenerateImage={() => openDialog('generate-image')}
            />
          ) : (
            <AiPromptFields
              draft={draft}
              update={update}
              promptRef={insertion.promptRef}
              onInsertVariable={insertVariable}
              onGeneratePrompt={() => openDialog('generate-prompt')}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PreviewPanel state={state} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

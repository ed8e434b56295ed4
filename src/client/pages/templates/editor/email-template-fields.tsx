import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import type { Ref } from 'react';
import { useAiAvailable } from '../../../components/ai-provider-notice';
import { BodyEditor } from './body-editor';
import type { TemplateDraft } from './template-draft';
import { VariableChips } from './variable-chips';

interface EmailTemplateFieldsProps {
  draft: TemplateDraft;
  update: (patch: Partial<TemplateDraft>) => void;
  editor: Editor | null;
  bodyLabelId: string;
  subjectRef: Ref<HTMLInputElement>;
  onSubjectFocus: () => void;
  insertTarget: 'subject line' | 'body';
  onInsertVariable: (variable: string) => void;
  onGenerateTemplate: () => void;
  onInsertImage: () => void;
  onGenerateImage: () => void;
}

/** Email Template mode: subject, rich-text body and optional AI enhancement instructions. */
export function EmailTemplateFields(props: EmailTemplateFieldsProps) {
  const { draft, update } = props;
  const aiAvailable = useAiAvailable();
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          variant="light"
          color="violet"
          leftSection={<IconSparkles size={16} />}
          onClick={props.onGenerateTemplate}
        >
          AI Generate Template
        </Button>
      </Group>
      <TextInput
        ref={props.subjectRef}
        label="Subject Line Template"
        placeholder="Quick question about {{ company }}"
        withAsterisk
        value={draft.subject}
        onChange={(event) => update({ subject: event.currentTarget.value })}
        onFocus={props.onSubjectFocus}
      />
      <VariableChips
        variables={draft.variables}
        onInsert={props.onInsertVariable}
        target={props.insertTarget}
      />
      <BodyEditor
        editor={props.editor}
        labelId={props.bodyLabelId}
        onInsertImage={props.onInsertImage}
        onGenerateImage={props.onGenerateImage}
      />
      <Textarea
        label="AI Enhancement Instructions"
        description={
          aiAvailable
            ? 'Optional. When set, AI rewrites each rendered email following these instructions.'
            : 'Needs an AI provider, and none is connected to this server: leave it empty to send the template as written.'
        }
        placeholder="Make it sound friendly and mention their role."
        autosize
        minRows={3}
        maxRows={8}
        value={draft.enhancement}
        onChange={(event) => update({ enhancement: event.currentTarget.value })}
      />
    </Stack>
  );
}

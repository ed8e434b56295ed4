import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { Ref } from 'react';
import { AiProviderNotice, useAiAvailable } from '../../../components/ai-provider-notice';
import type { TemplateDraft } from './template-draft';
import { VariableChips } from './variable-chips';

interface AiPromptFieldsProps {
  draft: TemplateDraft;
  update: (patch: Partial<TemplateDraft>) => void;
  promptRef: Ref<HTMLTextAreaElement>;
  onInsertVariable: (variable: string) => void;
  onGeneratePrompt: () => void;
}

/** AI Prompt mode: the instructions AI follows to write each recipient's email. */
export function AiPromptFields({
  draft,
  update,
  promptRef,
  onInsertVariable,
  onGeneratePrompt,
}: AiPromptFieldsProps) {
  const aiAvailable = useAiAvailable();
  return (
    <Stack gap="md">
      {/* Every email of an AI Prompt template is written by AI: say so before the prompt is typed. */}
      {!aiAvailable && <AiProviderNotice feature="An AI Prompt template" />}
      <Group justify="flex-end">
        <Button
          variant="light"
          color="violet"
          leftSection={<IconSparkles size={16} />}
          onClick={onGeneratePrompt}
        >
          AI Generate Prompt
        </Button>
      </Group>
      <VariableChips variables={draft.variables} onInsert={onInsertVariable} target="prompt" />
      <Textarea
        ref={promptRef}
        label="Email Generation Prompt"
        description="AI follows these instructions to write a unique email for each recipient."
        withAsterisk
        // 22 rows.
        rows={22}
        value={draft.prompt}
        onChange={(event) => update({ prompt: event.currentTarget.value })}
      />
    </Stack>
  );
}

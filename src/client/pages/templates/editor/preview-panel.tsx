import { Stack, Tabs } from '@mantine/core';
import { AiEmailPreview } from './ai-email-preview';
import { LivePreview } from './live-preview';
import { PromptPreview } from './prompt-preview';
import { SampleCsvControl } from './sample-csv-control';
import type { PreviewTab, TemplateEditorState } from './use-template-editor-state';

/** The editor's right side: the sample recipient and the previews of the current mode. */
export function PreviewPanel({ state }: { state: TemplateEditorState }) {
  const { draft, recipient, aiPreview } = state;
  const isPrompt = draft.type === 'prompt';

  return (
    <Stack gap="md">
      <SampleCsvControl sample={state.sampleCsv} onChange={state.setSampleCsv} />
      <Tabs value={state.previewTab} onChange={(tab) => state.setPreviewTab((tab ?? 'sample') as PreviewTab)}>
        <Tabs.List>
          <Tabs.Tab value="sample">{isPrompt ? 'Prompt Preview' : 'Live Preview'}</Tabs.Tab>
          <Tabs.Tab value="ai">AI Email Preview</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sample" pt="md">
          {isPrompt ? (
            <PromptPreview prompt={draft.prompt} recipient={recipient} />
          ) : (
            <LivePreview subject={draft.subject} body={draft.body} recipient={recipient} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="ai" pt="md">
          <AiEmailPreview
            hasSample={state.sampleCsv !== null}
            email={aiPreview.email}
            error={aiPreview.error}
            pending={aiPreview.pending}
            onGenerate={aiPreview.generate}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

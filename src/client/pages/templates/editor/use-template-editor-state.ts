import { useCallback, useMemo, useState } from 'react';
import type { Template } from '../../../../contract/templates';
import type { SampleCsv } from './sample-csv';
import { sampleRecipient } from './sample-values';
import { draftFromTemplate, isDraftDirty, newTemplateDraft, type TemplateDraft } from './template-draft';
import { useAiEmailPreview } from './use-ai-email-preview';

/** 'sample' is the Live Preview (email mode) or Prompt Preview (prompt mode); 'ai' the AI Email Preview. */
export type PreviewTab = 'sample' | 'ai';

/** The editor's state: the draft against what was loaded, the sample recipient and the previews. */
export function useTemplateEditorState(template: Template | null) {
  const [loaded] = useState(() => (template ? draftFromTemplate(template) : newTemplateDraft()));
  const [draft, setDraft] = useState(loaded);
  const [sampleCsv, setSampleCsvState] = useState<SampleCsv | null>(null);
  const [previewTab, setPreviewTab] = useState<PreviewTab>('sample');
  const aiPreview = useAiEmailPreview();
  const { clear: clearAiPreview } = aiPreview;

  /**
   * docs/product.md §2: changing the template's content clears a generated AI email preview (renaming does
   * not).
   */
  const update = useCallback(
    (patch: Partial<TemplateDraft>) => {
      setDraft((current) => ({ ...current, ...patch }));
      if (Object.keys(patch).some((key) => key !== 'name')) clearAiPreview();
    },
    [clearAiPreview],
  );

  const setSampleCsv = useCallback(
    (sample: SampleCsv | null) => {
      setSampleCsvState(sample);
      // An AI email written for another recipient would mislead.
      clearAiPreview();
      // docs/product.md §2: clearing the sample in prompt mode goes back to the Prompt Preview. The AI tab
      // cannot work without a sample in either mode, so it goes back in both.
      if (!sample) setPreviewTab('sample');
    },
    [clearAiPreview],
  );

  const recipient = useMemo(() => sampleRecipient(sampleCsv), [sampleCsv]);

  return {
    draft,
    update,
    dirty: isDraftDirty(draft, loaded),
    sampleCsv,
    setSampleCsv,
    recipient,
    previewTab,
    setPreviewTab,
    aiPreview: {
      ...aiPreview,
      generate: () => aiPreview.generate(draft, recipient),
    },
  };
}

export type TemplateEditorState = ReturnType<typeof useTemplateEditorState>;

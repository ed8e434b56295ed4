import { Button, Group, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import type { Template } from '../../../../contract/templates';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { type EditorDialog, EditorDialogs } from './editor-dialogs';
import { EditorForm } from './editor-form';
import { useBodyEditor } from './use-body-editor';
import { useSaveTemplate } from './use-save-template';
import { useTemplateEditorState } from './use-template-editor-state';
import { useVariableInsertion } from './use-variable-insertion';

interface TemplateEditorProps {
  /** null creates a new template. */
  template: Template | null;
  onClose: () => void;
}

/** The template editor dialog: fields on the left, live preview on the right (stacked when narrow). */
export function TemplateEditor({ template, onClose }: TemplateEditorProps) {
  const state = useTemplateEditorState(template);
  const { draft, update } = state;
  const { save, saving } = useSaveTemplate(template?.id ?? null);
  const [dialog, setDialog] = useState<EditorDialog>(null);
  const insertion = useVariableInsertion(draft, update);
  const bodyLabelId = useId();
  const editor = useBodyEditor({
    initialHtml: draft.body,
    labelId: bodyLabelId,
    onChange: (body) => update({ body }),
    onFocus: insertion.onBodyFocus,
  });
  const narrow = useMediaQuery('(max-width: 48em)');

  const requestClose = () => {
    if (!state.dirty) return onClose();
    // Opened after the current event: Escape reaches every open dialog's window listener, and a
    // dialog mounted while that Escape is still being dispatched would take it and close at once.
    setTimeout(() => setDialog('unsaved'), 0);
  };
  const saveAndClose = async () => {
    if (await save(draft)) onClose();
    // On failure the toast says why; leave the editor open to fix it.
    else setDialog(null);
  };

  return (
    <Modal.Root
      opened
      onClose={requestClose}
      size="90%"
      fullScreen={narrow}
      // Escape belongs to the dialog on top; without this both would handle it.
      closeOnEscape={dialog === null}
    >
      <Modal.Overlay />
      <Modal.Content>
        {/* The header stays in view while the long form scrolls, so Save is always at hand. */}
        <Modal.Header style={{ zIndex: 2 }}>
          <Modal.Title fw={700} fz="lg">
            {template ? 'Edit Template' : 'Create New Template'}
          </Modal.Title>
          <Group gap="sm" wrap="nowrap">
            <Button variant="default" onClick={requestClose} visibleFrom="xs">
              Cancel
            </Button>
            <Button loading={saving} onClick={() => void saveAndClose()}>
              {template ? 'Update Template' : 'Save Template'}
            </Button>
            <Modal.CloseButton aria-label="Close" />
          </Group>
        </Modal.Header>
        <Modal.Body>
          <EditorForm
            state={state}
            editor={editor}
            bodyLabelId={bodyLabelId}
            insertion={insertion}
            openDialog={setDialog}
          />
          <EditorDialogs
            dialog={dialog}
            onClose={() => setDialog(null)}
            state={state}
            editor={editor}
            templateId={template?.id ?? null}
          />
          <UnsavedChangesDialog
            opened={dialog === 'unsaved'}
            noun="template"
            saving={saving}
            onCancel={() => setDialog(null)}
            onDiscard={onClose}
            onSave={() => void saveAndClose()}
          />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

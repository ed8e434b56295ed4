import type { Editor } from '@tiptap/react';
import { api } from '../../../../contract/api';
import { call } from '../../../api';
import { AiTextDialog } from './ai-text-dialog';
import { InsertImageDialog } from './insert-image-dialog';
import type { TemplateEditorState } from './use-template-editor-state';
import { VariablesDialog } from './variables-dialog';

/** The dialogs the editor opens over itself; one at a time. */
export type EditorDialog =
  | 'variables'
  | 'generate-template'
  | 'generate-prompt'
  | 'generate-image'
  | 'insert-image'
  | 'unsaved'
  | null;

interface EditorDialogsProps {
  dialog: EditorDialog;
  onClose: () => void;
  state: TemplateEditorState;
  editor: Editor | null;
  templateId: number | null;
}

export function EditorDialogs({ dialog, onClose, state, editor, templateId }: EditorDialogsProps) {
  const { draft, update } = state;

  const generateTemplate = async (prompt: string) => {
    const reply = await call(api.templates.generate, { body: { prompt, variables: draft.variables } });
    editor?.commands.setContent(reply.body, { emitUpdate: false });
    // Keep the editor's own serialisation, as typing would, so the draft and the editor agree.
    update({ subject: reply.subject, body: editor && !editor.isEmpty ? editor.getHTML() : reply.body });
  };

  const generatePrompt = async (description: string) => {
    const reply = await call(api.templates.generatePrompt, {
      body: { description, variables: draft.variables },
    });
    update({ prompt: reply.aiInstructions });
  };

  const generateImage = async (prompt: string) => {
    const reply = await call(api.templates.generateImage, { body: { prompt } });
    editor
      ?.chain()
      .focus()
      .setImage({ src: reply.url, alt: prompt.slice(0, 120) })
      .run();
  };

  return (
    <>
      <VariablesDialog
        opened={dialog === 'variables'}
        onClose={onClose}
        variables={draft.variables}
        onChange={(variables) => update({ variables })}
        templateId={templateId}
        sampleCsv={state.sampleCsv}
      />
      <AiTextDialog
        opened={dialog === 'generate-template'}
        onClose={onClose}
        title="AI Generate Template"
        label="Describe the email you want"
        placeholder="A friendly follow-up after a webinar, inviting them to book a demo"
        fallbackError="Failed to generate template"
        onSubmit={generateTemplate}
      />
      <AiTextDialog
        opened={dialog === 'generate-prompt'}
        onClose={onClose}
        title="AI Generate Prompt"
        label="Describe the emails you want"
        placeholder="A thank-you to last month’s workshop attendees, inviting each to the follow-up session on their topic"
        fallbackError="Failed to generate prompt"
        onSubmit={generatePrompt}
      />
      <AiTextDialog
        opened={dialog === 'generate-image'}
        onClose={onClose}
        title="Generate Image"
        label="Describe the image"
        placeholder="A clean banner with a laptop and a coffee cup, soft blue tones"
        fallbackError="Failed to generate image."
        onSubmit={generateImage}
      />
      <InsertImageDialog
        opened={dialog === 'insert-image'}
        onClose={onClose}
        onInsert={(src) => editor?.chain().focus().setImage({ src }).run()}
      />
    </>
  );
}

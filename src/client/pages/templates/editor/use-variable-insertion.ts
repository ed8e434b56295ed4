import type { Editor } from '@tiptap/react';
import { useRef, useState } from 'react';
import { insertAtCursor } from './insert-at-cursor';
import type { TemplateDraft } from './template-draft';

export type InsertTarget = 'subject line' | 'body';

/**
 * Click-to-insert variables: `{{ name }}` goes in at the cursor of the field last focused — the subject
 * or the body in Email Template mode, the prompt in AI Prompt mode.
 */
export function useVariableInsertion(draft: TemplateDraft, update: (patch: Partial<TemplateDraft>) => void) {
  const subjectRef = useRef<HTMLInputElement>(null);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const [target, setTarget] = useState<InsertTarget>('body');

  const insert = (variable: string, editor: Editor | null) => {
    const text = `{{ ${variable} }}`;
    if (draft.type === 'prompt') {
      insertIntoField(promptRef.current, draft.prompt, text, (prompt) => update({ prompt }));
    } else if (target === 'subject line') {
      insertIntoField(subjectRef.current, draft.subject, text, (subject) => update({ subject }));
    } else {
      // The editor remembers its selection while unfocused; focus() puts the caret back there.
      editor?.chain().focus().insertContent({ type: 'text', text }).run();
    }
  };

  return {
    subjectRef,
    promptRef,
    target,
    onSubjectFocus: () => setTarget('subject line'),
    onBodyFocus: () => setTarget('body'),
    insert,
  };
}

function insertIntoField(
  field: HTMLInputElement | HTMLTextAreaElement | null,
  value: string,
  text: string,
  apply: (value: string) => void,
) {
  const edit = insertAtCursor(value, text, field?.selectionStart, field?.selectionEnd);
  apply(edit.value);
  // React writes the new value on the next render, which moves the caret to the end; put it back after.
  requestAnimationFrame(() => {
    field?.focus();
    field?.setSelectionRange(edit.caret, edit.caret);
  });
}

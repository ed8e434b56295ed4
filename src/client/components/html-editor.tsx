import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import type { Editor } from '@tiptap/core';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type RefObject, useEffect, useId } from 'react';
import { RichTextToolbar } from './rich-text-toolbar';

interface HtmlEditorProps {
  label: string;
  /** Initial HTML; later changes of this prop are ignored, the editor owns its content. */
  initialValue: string;
  onChange: (html: string) => void;
  minHeight: number;
  description?: string;
  /** Set to the editor while it is there: for a caller that moves the focus into it or replaces its text. */
  editorRef?: RefObject<Editor | null>;
}

/** Rich-text editor for email HTML (signature, bodies) with a small formatting toolbar. */
export function HtmlEditor({
  label,
  initialValue,
  onChange,
  minHeight,
  description,
  editorRef,
}: HtmlEditorProps) {
  const labelId = useId();
  const editor = useEditor({
    // StarterKit ships its own Link; Mantine's adds the toolbar's link editor, so only one is registered.
    extensions: [StarterKit.configure({ link: false }), Link],
    content: initialValue,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        style: `min-height: ${minHeight}px`,
      },
    },
  });
  useEffect(() => {
    if (!editorRef) return;
    editorRef.current = editor;
    return () => {
      editorRef.current = null;
    };
  }, [editor, editorRef]);

  return (
    <Input.Wrapper label={label} description={description} labelElement="div" labelProps={{ id: labelId }}>
      <RichTextEditor editor={editor} mt={4}>
        <RichTextToolbar />
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

import { Link } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef } from 'react';

/** The body editor's minimum height. */
const BODY_MIN_HEIGHT = 180;

interface BodyEditorOptions {
  initialHtml: string;
  labelId: string;
  onChange: (html: string) => void;
  onFocus: () => void;
}

/**
 * The Body's rich-text editor. It lives as long as the template editor (not just the Body field), so
 * variable chips, AI-generated templates and images can write into it from anywhere in the dialog.
 */
export function useBodyEditor({ initialHtml, labelId, onChange, onFocus }: BodyEditorOptions) {
  // The editor keeps the callbacks it was created with; refs let it always call the current ones.
  const callbacks = useRef({ onChange, onFocus });
  callbacks.current = { onChange, onFocus };

  return useEditor({
    // StarterKit ships its own Link; Mantine's adds the toolbar's link editor, so only one is registered.
    extensions: [StarterKit.configure({ link: false }), Link, Image],
    content: initialHtml,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor }) => callbacks.current.onChange(editor.isEmpty ? '' : editor.getHTML()),
    onFocus: () => callbacks.current.onFocus(),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        style: `min-height: ${BODY_MIN_HEIGHT}px`,
      },
    },
  });
}

import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { IconPhoto, IconSparkles } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { RichTextToolbar } from '../../../components/rich-text-toolbar';

interface BodyEditorProps {
  editor: Editor | null;
  labelId: string;
  onInsertImage: () => void;
  onGenerateImage: () => void;
}

/** The Body field: the shared editor with formatting, link and image controls. */
export function BodyEditor({ editor, labelId, onInsertImage, onGenerateImage }: BodyEditorProps) {
  return (
    <Input.Wrapper label="Body" labelElement="div" labelProps={{ id: labelId }} withAsterisk>
      <RichTextEditor editor={editor} mt={4}>
        <RichTextToolbar
          headings
          linkGroupExtras={
            <>
              <RichTextEditor.Control aria-label="Insert image" title="Insert image" onClick={onInsertImage}>
                <IconPhoto size={16} stroke={1.5} />
              </RichTextEditor.Control>
              <RichTextEditor.Control
                aria-label="Generate Image"
                title="Generate Image"
                onClick={onGenerateImage}
              >
                <IconSparkles size={16} stroke={1.5} />
              </RichTextEditor.Control>
            </>
          }
        />
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

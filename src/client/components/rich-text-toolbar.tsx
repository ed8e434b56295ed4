import { RichTextEditor } from '@mantine/tiptap';
import type { ReactNode } from 'react';

interface RichTextToolbarProps {
  /** Offer H2 and H3 (email bodies; a signature has no headings). */
  headings?: boolean;
  /** More controls beside Link and Unlink (the body editor's image buttons). */
  linkGroupExtras?: ReactNode;
}

/** The one formatting toolbar of every rich-text field: marks, lists, links, undo. */
export function RichTextToolbar({ headings = false, linkGroupExtras }: RichTextToolbarProps) {
  return (
    <RichTextEditor.Toolbar>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Bold />
        <RichTextEditor.Italic />
        <RichTextEditor.Underline />
        <RichTextEditor.Strikethrough />
        <RichTextEditor.ClearFormatting />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        {headings && (
          <>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </>
        )}
        <RichTextEditor.BulletList />
        <RichTextEditor.OrderedList />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Link />
        <RichTextEditor.Unlink />
        {linkGroupExtras}
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Undo />
        <RichTextEditor.Redo />
      </RichTextEditor.ControlsGroup>
    </RichTextEditor.Toolbar>
  );
}

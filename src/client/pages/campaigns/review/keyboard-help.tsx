import { ShortcutsDialog } from '../../../components/shortcuts-dialog';
import { REVIEW_KEYS } from './use-review-keys';

/** The review's keys, and the editor's own: it saves with Ctrl+Enter (⌘+Enter on a Mac). */
const SHORTCUTS = [...REVIEW_KEYS, { keys: ['Ctrl', 'Enter'], does: 'Save the edit (⌘ Enter on a Mac)' }];

/** The review's keyboard shortcuts, opened with "?". */
export function KeyboardHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <ShortcutsDialog
      opened={opened}
      onClose={onClose}
      shortcuts={SHORTCUTS}
      note="The other keys rest while you type in a field or edit an email."
    />
  );
}

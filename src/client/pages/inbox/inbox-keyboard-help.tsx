import { CATEGORY_OPTIONS } from '../../components/answer-categories';
import { ShortcutsDialog } from '../../components/shortcuts-dialog';
import { INBOX_KEYS } from './use-inbox-keys';

interface InboxKeyboardHelpProps {
  opened: boolean;
  onClose: () => void;
  /** The number keys set categories for reviewers and above only; a viewer is not shown them. */
  canCategorise: boolean;
}

/** The inbox's keyboard shortcuts, opened with "?". */
export function InboxKeyboardHelp({ opened, onClose, canCategorise }: InboxKeyboardHelpProps) {
  const shortcuts = [
    ...INBOX_KEYS,
    ...(canCategorise
      ? CATEGORY_OPTIONS.map(({ label }, i) => ({ keys: [String(i + 1)], does: `Category: ${label}` }))
      : []),
  ];
  return (
    <ShortcutsDialog
      opened={opened}
      onClose={onClose}
      shortcuts={shortcuts}
      note="The keys act on the answer shown, which stays shown until you move on. They rest while you type in a field."
    />
  );
}

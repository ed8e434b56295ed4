import { CATEGORY_OPTIONS } from '../../components/answer-categories';
import { ShortcutsDialog } from '../../components/shortcuts-dialog';
import { ANSWER_KEY, INBOX_KEYS } from './use-inbox-keys';

interface InboxKeyboardHelpProps {
  opened: boolean;
  onClose: () => void;
  /** The number keys set categories for reviewers and above only; a viewer is not shown them. */
  canCategorise: boolean;
  /** E answers, for senders and owners only. */
  canAnswer: boolean;
}

/** The inbox's keyboard shortcuts, opened with "?". */
export function InboxKeyboardHelp({ opened, onClose, canCategorise, canAnswer }: InboxKeyboardHelpProps) {
  // E after U, before ?.
  const keys = canAnswer ? [...INBOX_KEYS.slice(0, -1), ANSWER_KEY, ...INBOX_KEYS.slice(-1)] : INBOX_KEYS;
  const shortcuts = [
    ...keys,
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

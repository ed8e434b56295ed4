import { useEffect, useRef } from 'react';
import { ANSWER_CATEGORIES } from '../../../contract/answers';
import type { InboxItem } from '../../../contract/inbox';
import type { InboxActions } from './use-inbox-actions';
import { useInboxKeys } from './use-inbox-keys';

interface InboxShortcuts {
  /** Off while a dialog (the shortcuts' help) is open on top of the inbox. */
  enabled: boolean;
  /** The answer shown; undefined when none is open. */
  shown: InboxItem | undefined;
  /** Reviewers and above: the number keys set categories. */
  canEdit: boolean;
  actions: InboxActions;
  move: (delta: 1 | -1) => void;
  /** E: answer the answer shown (the page checks that it may be answered). */
  onAnswer: (item: InboxItem) => void;
  onHelp: () => void;
}

/**
 * What the inbox's keys do to the answer shown (the keys themselves: useInboxKeys), and marking an
 * answer read as it is opened, by a click or a key. Each key acts on the answer on screen, which
 * stays there until the person moves on, even once a change takes it out of the list.
 */
export function useInboxShortcuts({
  enabled,
  shown,
  canEdit,
  actions,
  move,
  onAnswer,
  onHelp,
}: InboxShortcuts) {
  const { setRead, setCategory } = actions;
  useInboxKeys(enabled, {
    next: () => move(1),
    previous: () => move(-1),
    categorise: (index) => {
      const category = ANSWER_CATEGORIES[index];
      // The same category again records nothing on the server; skipping it keeps a "not now"'s day.
      if (!canEdit || !shown || !category || category === shown.category) return;
      setCategory.mutate({ id: shown.id, category, notNowUntil: null });
    },
    unread: () => {
      if (shown && shown.readAt !== null) setRead.mutate({ id: shown.id, read: false });
    },
    answer: () => {
      if (shown) onAnswer(shown);
    },
    help: onHelp,
  });

  // Opening an answer marks it read, once per opening: "Mark unread" on the answer shown leaves it
  // unread until the person opens it again.
  const markRead = setRead.mutate;
  const openedId = useRef<number | null>(null);
  const shownId = shown?.id ?? null;
  const shownUnread = shown?.readAt === null;
  useEffect(() => {
    if (shownId === openedId.current) return;
    openedId.current = shownId;
    if (shownId !== null && shownUnread) markRead({ id: shownId, read: true });
  }, [shownId, shownUnread, markRead]);
}

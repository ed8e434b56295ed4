import { type RefObject, useEffect } from 'react';

/** What the review's keys do; each action checks for itself whether it applies to the email shown. */
export interface ReviewKeyActions {
  next: () => void;
  previous: () => void;
  approve: () => void;
  edit: () => void;
  skip: () => void;
  dismiss: () => void;
  help: () => void;
}

/** The keys and what they do, in the order the help lists them. */
export const REVIEW_KEYS: readonly {
  keys: readonly string[];
  action: keyof ReviewKeyActions;
  does: string;
}[] = [
  { keys: ['J', '→'], action: 'next', does: 'Next email' },
  { keys: ['K', '←'], action: 'previous', does: 'Previous email' },
  {
    keys: ['A'],
    action: 'approve',
    does: 'Approve and go to the next email; again to withdraw the approval',
  },
  { keys: ['S'], action: 'skip', does: 'Skip to the next email not approved yet' },
  { keys: ['E'], action: 'edit', does: 'Edit the email' },
  { keys: ['D'], action: 'dismiss', does: 'Dismiss the findings: the text is right as it is' },
  { keys: ['?'], action: 'help', does: 'Show these shortcuts' },
];

const ACTION_OF: Record<string, keyof ReviewKeyActions> = {
  j: 'next',
  arrowright: 'next',
  k: 'previous',
  arrowleft: 'previous',
  a: 'approve',
  e: 'edit',
  s: 'skip',
  d: 'dismiss',
  '?': 'help',
};

/**
 * The review's keyboard: J/K and the arrows page through the emails, A approves, S skips, E edits,
 * D dismisses findings, ? shows the keys. Never while the user is typing, holds a modifier (the
 * browser's and the system's shortcuts stay theirs) or works in a dialog opened on top of the review
 * (Send Now's confirmation, the schedule picker, the shortcuts' help).
 */
export function useReviewKeys(
  root: RefObject<HTMLElement | null>,
  enabled: boolean,
  actions: ReviewKeyActions,
) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (typing(event.target) || !inReview(root.current, event.target)) return;
      const action = ACTION_OF[event.key.toLowerCase()];
      if (!action) return;
      event.preventDefault();
      // A held key repeats: fine for paging, not for approving or dismissing email after email unread.
      if (event.repeat && action !== 'next' && action !== 'previous') return;
      actions[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [root, enabled, actions]);
}

function inReview(root: HTMLElement | null, target: EventTarget | null) {
  if (!root || !(target instanceof Node)) return false;
  if (target === document.body) return true;
  const dialog = root.closest('[role="dialog"]');
  return dialog?.contains(target) ?? false;
}

function typing(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

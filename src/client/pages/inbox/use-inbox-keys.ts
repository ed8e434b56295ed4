import { useEffect, useRef } from 'react';

/** What the inbox's keys do; each action checks for itself whether it applies to the answer shown. */
export interface InboxKeyActions {
  next: () => void;
  previous: () => void;
  /** The category at this place (0–8) of ANSWER_CATEGORIES. */
  categorise: (index: number) => void;
  unread: () => void;
  /** Opens the editor to answer the answer shown (or brings the focus back into it). */
  answer: () => void;
  help: () => void;
}

/** The keys and what they do, in the order the help lists them (the number keys apart). */
export const INBOX_KEYS: readonly { keys: readonly string[]; does: string }[] = [
  { keys: ['J'], does: 'Next answer' },
  { keys: ['K'], does: 'Previous answer' },
  { keys: ['U'], does: 'Mark the answer unread' },
  { keys: ['?'], does: 'Show these shortcuts' },
];

/** Answering, for senders and owners: listed after U. */
export const ANSWER_KEY = { keys: ['E'], does: 'Answer it: write in its thread' } as const;

type Action = Exclude<keyof InboxKeyActions, 'categorise'>;

const ACTION_OF: Record<string, Action> = {
  j: 'next',
  k: 'previous',
  u: 'unread',
  e: 'answer',
  '?': 'help',
};

/**
 * The inbox's keyboard, like the review's (campaigns/review/use-review-keys): J/K go through the
 * answers, 1–9 set the category of the answer shown, U marks it unread, E answers it, ? shows the keys. The
 * arrows are left to scrolling the page. Never while the person types in a field or a list of choices, holds a modifier (the
 * browser's and the system's shortcuts stay theirs), or works in a dialog (the shortcuts' help).
 */
export function useInboxKeys(enabled: boolean, actions: InboxKeyActions) {
  // The latest actions, read when a key comes: they close over the answer on screen right now.
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (typing(event.target) || inOverlay(event.target)) return;
      const action = ACTION_OF[event.key.toLowerCase()];
      const digit = action ? null : digitOf(event);
      if (digit !== null) {
        event.preventDefault();
        // A held number key would send the same change again and again.
        if (!event.repeat) latest.current.categorise(digit - 1);
        return;
      }
      if (!action) return;
      event.preventDefault();
      // A held key repeats: fine for going through the list, not for marking.
      if (event.repeat && action !== 'next' && action !== 'previous') return;
      latest.current[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/**
 * 1–9 from the row of digits or the keypad. By the key's place too, so keyboards whose digits need
 * Shift (French AZERTY gives "&" for the 1 key) set categories all the same.
 */
function digitOf(event: KeyboardEvent): number | null {
  if (/^[1-9]$/.test(event.key)) return Number(event.key);
  const place = /^(?:Digit|Numpad)([1-9])$/.exec(event.code ?? '');
  return place ? Number(place[1]) : null;
}

function typing(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A dialog, menu or list of choices open on top of the inbox keeps its keys. */
function inOverlay(target: EventTarget | null) {
  return (
    target instanceof Element && target.closest('[role="dialog"], [role="menu"], [role="listbox"]') !== null
  );
}

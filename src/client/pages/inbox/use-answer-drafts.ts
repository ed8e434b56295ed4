import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** What the person wrote in one answer's editor, and whether closing it would lose any of it. */
interface Draft {
  body: string;
  unsent: boolean;
}

/**
 * The answers being written on the inbox page, by the reply they answer: whose editor is open and
 * what is in it. They belong to the page, not to the answer shown, so going through the list with
 * J and K (or a click) and coming back finds the editor open with its text as it was. Leaving the
 * page (a reload, closing the tab) with unsent text asks the browser's question first.
 */
export interface AnswerDrafts {
  isOpen: (id: number) => boolean;
  /** Opens the reply's editor, or, open already, brings the focus back into it. */
  open: (id: number) => void;
  /** Closes the editor and forgets its text (sent, or given up). */
  close: (id: number) => void;
  /** The text kept for the reply's editor, if it was open before. */
  bodyOf: (id: number) => string | undefined;
  keep: (id: number, body: string, unsent: boolean) => void;
  /** Whether the editor should take the focus now (once per `open`). */
  takeFocus: (id: number) => boolean;
}

export function useAnswerDrafts(): AnswerDrafts {
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(() => new Set());
  // Each `open` renders again, so an editor already open sees that it is to take the focus.
  const [, setRequests] = useState(0);
  // Typing changes only these: the page does not render again on each key.
  const drafts = useRef(new Map<number, Draft>());
  const wantsFocus = useRef(new Set<number>());

  useEffect(() => {
    const onLeave = (event: BeforeUnloadEvent) => {
      if (![...drafts.current.values()].some((draft) => draft.unsent)) return;
      event.preventDefault();
      // Older browsers ask only when this is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, []);

  const open = useCallback((id: number) => {
    wantsFocus.current.add(id);
    setOpenIds((ids) => (ids.has(id) ? ids : new Set(ids).add(id)));
    setRequests((n) => n + 1);
  }, []);
  const close = useCallback((id: number) => {
    drafts.current.delete(id);
    wantsFocus.current.delete(id);
    setOpenIds((ids) => {
      if (!ids.has(id)) return ids;
      const next = new Set(ids);
      next.delete(id);
      return next;
    });
  }, []);

  return useMemo(
    () => ({
      isOpen: (id: number) => openIds.has(id),
      open,
      close,
      bodyOf: (id: number) => drafts.current.get(id)?.body,
      keep: (id: number, body: string, unsent: boolean) => {
        drafts.current.set(id, { body, unsent });
      },
      takeFocus: (id: number) => wantsFocus.current.delete(id),
    }),
    [openIds, open, close],
  );
}

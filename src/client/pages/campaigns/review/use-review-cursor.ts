import { skipToken, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Email } from '../../../../contract/campaigns';
import { type ChangedEmail, changedEmailKey } from '../emails/email-queries';
import { clampIndex } from './email-paging';

/** Where the review is: a place in the list, and the email the person is on (once it is known). */
export interface Cursor {
  index: number;
  id: number | null;
}

/** The page of the list that holds the cursor's index; undefined while it loads. */
export interface CursorPage {
  items: readonly Email[];
  offset: number;
}

export interface Shown {
  email: Email | undefined;
  /** Where the email sits in the list now. */
  at: number;
  /** The email left the list (approved, dismissed or fixed in a filtered list) and is held on screen. */
  held: boolean;
}

/**
 * The email the review shows for `cursor`: the email the person is on, wherever the list moved it
 * on its page; when it has left the list (a filter no longer keeps it), the last copy seen (`last`),
 * so a key pressed next still acts on it; else the email at the cursor's index.
 */
export function shownEmail(cursor: Cursor, page: CursorPage | undefined, last: Email | null): Shown {
  if (!page) return { email: undefined, at: cursor.index, held: false };
  const atIndex = page.items[cursor.index - page.offset];
  if (cursor.id === null) return { email: atIndex, at: cursor.index, held: false };
  const found = page.items.findIndex((e) => e.id === cursor.id);
  if (found >= 0) return { email: page.items[found], at: page.offset + found, held: false };
  if (last?.id === cursor.id) return { email: last, at: cursor.index, held: true };
  return { email: atIndex, at: cursor.index, held: false };
}

/**
 * Where a move by `delta` from `from` lands. From an email held after it left the list, the email
 * that slid into its place is the next one; from one still listed, the next index is.
 */
export function stepTarget(
  from: Cursor,
  delta: 1 | -1,
  held: boolean,
  total: number,
  page?: CursorPage,
): Cursor {
  if (total <= 0) return { index: 0, id: null };
  const to = clampIndex(held && delta > 0 ? from.index : from.index + delta, total);
  return { index: to, id: page?.items[to - page.offset]?.id ?? null };
}

/**
 * Whether the cursor is still where the person acted from: on the same email once it is known (the
 * list may have moved it to another index meanwhile), else at the same index.
 */
export function samePlace(now: Cursor, from: Cursor): boolean {
  return from.id !== null ? now.id === from.id : now.index === from.index;
}

/**
 * The review's place in its list (docs/product.md §5): keys and buttons act on the email shown, and it
 * stays shown until the person moves on, even when the list it came from no longer holds it (a
 * "Needs attention" email dismissed, approved or fixed) or the list's order changes under it.
 */
export function useReviewCursor(page: CursorPage | undefined, total: number) {
  const [cursor, setCursor] = useState<Cursor>({ index: 0, id: null });
  // The last copy seen in the list, and the answer of the last change made to it here (an approval
  // or a dismissal that took it out of the list answers with the email as it now is): the newer wins.
  const last = useRef<ChangedEmail | null>(null);
  const { data: changed } = useQuery<ChangedEmail>({
    queryKey: changedEmailKey(cursor.id ?? 0),
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const latest = [last.current, changed].reduce<ChangedEmail | null>(
    (newest, copy) =>
      copy && copy.email.id === cursor.id && (!newest || copy.at > newest.at) ? copy : newest,
    null,
  );
  const shown = shownEmail(cursor, page, latest?.email ?? null);
  useEffect(() => {
    if (shown.email && !shown.held && last.current?.email !== shown.email)
      last.current = { email: shown.email, at: Date.now() };
  });
  // Once known, the cursor names its email, and follows it when the list moves it.
  const shownId = shown.email?.id ?? null;
  // Only the cursor this render showed is replaced: a key pressed before this effect ran has
  // already moved it on, and that move wins.
  useEffect(() => {
    if (shownId === null || shown.held) return;
    setCursor((c) =>
      c !== cursor || (c.id === shownId && c.index === shown.at) ? c : { index: shown.at, id: shownId },
    );
  }, [cursor, shownId, shown.at, shown.held]);
  // The list can shrink under us (emails removed elsewhere); stay on a real email, unless one is held.
  useEffect(() => {
    if (!shown.held && total > 0 && cursor.index > total - 1) setCursor({ index: total - 1, id: null });
  }, [shown.held, total, cursor.index]);

  const now = useRef({ page, total, held: shown.held });
  now.current = { page, total, held: shown.held };
  /** Moves from `from` (the cursor when the person acted) by `delta`, unless they moved on meanwhile. */
  const step = useCallback((from: Cursor, delta: 1 | -1) => {
    setCursor((c) => {
      if (!samePlace(c, from)) return c;
      const { page: current, total: count, held } = now.current;
      // The list may have moved the email since the key's handler was made: step from where it is now.
      const listed = current && c.id !== null ? current.items.findIndex((e) => e.id === c.id) : -1;
      const at: Cursor = listed >= 0 && current ? { index: current.offset + listed, id: c.id } : c;
      const isHeld = held && listed < 0;
      // Nothing after a held email that was the list's last: it stays until the person goes back.
      if (isHeld && delta > 0 && count > 0 && at.index >= count) return c;
      return stepTarget(at, delta, isHeld, count, current);
    });
  }, []);
  /** Goes from `from` to the email at `index`, unless the person moved on meanwhile. */
  const goTo = useCallback((from: Cursor, index: number) => {
    const { page: current, total: count } = now.current;
    const to = clampIndex(index, count);
    const id = current?.items[to - current.offset]?.id ?? null;
    setCursor((c) => (samePlace(c, from) ? { index: to, id } : c));
  }, []);
  /** Back to the first email (another filter). */
  const reset = useCallback(() => setCursor({ index: 0, id: null }), []);
  return { cursor, ...shown, step, goTo, reset };
}

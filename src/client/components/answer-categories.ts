import type { MantineColor } from '@mantine/core';
import { ANSWER_CATEGORIES, type AnswerCategory } from '../../contract/answers';
import type { InboxItem } from '../../contract/inbox';
import { formatCalendarMonth } from '../format-date';

/**
 * What each category (docs/product.md §12) reads as and its badge's colour: the hopeful ones green
 * and blue, the ones asking for a later try or another person in between, the endings in reds and
 * grays. The colours only repeat what the words say; nobody has to tell them apart to read a badge.
 */
export const CATEGORY_STYLES: Record<AnswerCategory, { label: string; color: MantineColor }> = {
  interested: { label: 'Interested', color: 'green' },
  'meeting-request': { label: 'Meeting request', color: 'teal' },
  question: { label: 'Question', color: 'blue' },
  'not-now': { label: 'Not now', color: 'yellow' },
  'not-interested': { label: 'Not interested', color: 'red' },
  'wrong-person': { label: 'Wrong person', color: 'grape' },
  'unsubscribe-request': { label: 'Unsubscribe request', color: 'orange' },
  'out-of-office': { label: 'Out of office', color: 'gray' },
  bounce: { label: 'Bounce', color: 'pink' },
};

export const UNCATEGORISED = 'Uncategorised';

/** The Select value for "no category", which the list's filter also sends as `category=none`. */
export const NO_CATEGORY = 'none';

/** The nine categories as choices, in ANSWER_CATEGORIES order (the order of the number keys). */
export const CATEGORY_OPTIONS = ANSWER_CATEGORIES.map((category) => ({
  value: category,
  label: CATEGORY_STYLES[category].label,
}));

/** The badge of an answer: its category's words, for "not now" with the month to write again. */
export function categoryBadge(item: Pick<InboxItem, 'category' | 'notNowUntil'>): {
  label: string;
  color: MantineColor;
} {
  if (!item.category) return { label: UNCATEGORISED, color: 'gray' };
  const { label, color } = CATEGORY_STYLES[item.category];
  if (item.category === 'not-now' && item.notNowUntil) {
    const until = formatCalendarMonth(item.notNowUntil);
    if (until) return { label: `${label} · until ${until}`, color };
  }
  return { label, color };
}

/** The category of `value` as a Select gives it; the "none" choice (and anything unknown) is null. */
export function categoryOfValue(value: string | null): AnswerCategory | null {
  return (ANSWER_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as AnswerCategory) : null;
}

/**
 * What an answer to a campaign email means: the categories of the inbox. A person's reply is one
 * of the first six; an automatic answer, a bounce or an emailed unsubscribe request is one of the
 * last three. An answer no rule could place has none until a person (or the AI) gives it one.
 */
export const ANSWER_CATEGORIES = [
  'interested',
  'meeting-request',
  'question',
  'not-now',
  'not-interested',
  'wrong-person',
  'unsubscribe-request',
  'out-of-office',
  'bounce',
] as const;
export type AnswerCategory = (typeof ANSWER_CATEGORIES)[number];

/** Who gave an answer its category: the rules, the AI provider, or a person (who wins over both). */
export const CATEGORY_SOURCES = ['rules', 'ai', 'person'] as const;
export type CategorySource = (typeof CATEGORY_SOURCES)[number];

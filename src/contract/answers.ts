/**
 * The categories of a person's words: what the rules read in a reply's text, and all the AI
 * provider may choose from (it never decides bounces, absences or removal requests).
 */
export const PERSON_CATEGORIES = [
  'interested',
  'meeting-request',
  'question',
  'not-now',
  'not-interested',
  'wrong-person',
] as const;

/**
 * What an answer to a campaign email means: the categories of the inbox. A person's reply is one
 * of the first six; an automatic answer, a bounce or an emailed unsubscribe request is one of the
 * last three. An answer no rule could place has none until a person (or the AI) gives it one. The
 * order is the inbox's number keys'.
 */
export const ANSWER_CATEGORIES = [
  ...PERSON_CATEGORIES,
  'unsubscribe-request',
  'out-of-office',
  'bounce',
] as const;
export type AnswerCategory = (typeof ANSWER_CATEGORIES)[number];

/** Who gave an answer its category: the rules, the AI provider, or a person (who wins over both). */
export const CATEGORY_SOURCES = ['rules', 'ai', 'person'] as const;
export type CategorySource = (typeof CATEGORY_SOURCES)[number];

import { z } from 'zod';

/**
 * What the draft checks can find in an email before a person reads it (docs/product.md, "Draft
 * checks"). Each kind has a filter in the review queue.
 */
export const FINDING_KINDS = [
  /** A fact about the recipient or their company that nothing the AI was given supports. */
  'ungrounded',
  /** Nearly the same text as another draft of the campaign once each recipient's values are removed. */
  'duplicate',
  /** No value from the recipient's row appears in the draft. */
  'personalisation',
  /** Something that hurts delivery or reads broken: capitals, spam phrases, placeholders, size… */
  'deliverability',
  /** Far longer or shorter than the campaign's usual draft. */
  'length',
] as const;

export type FindingKind = (typeof FINDING_KINDS)[number];

/** High: never approved in bulk. Medium: worth a look. Low: a hint. */
export const FINDING_SEVERITIES = ['high', 'medium', 'low'] as const;

export const finding = z.object({
  kind: z.enum(FINDING_KINDS),
  severity: z.enum(FINDING_SEVERITIES),
  /** The text it points at, as it reads in the subject or in the body's text; null for the whole draft. */
  span: z.object({ field: z.enum(['subject', 'body']), text: z.string() }).nullable(),
  /** One line, for the user. */
  reason: z.string(),
});

export type Finding = z.infer<typeof finding>;
export type FindingSeverity = Finding['severity'];

const RANK: Record<FindingSeverity, number> = { high: 0, medium: 1, low: 2 };

/** Most severe first; the review queue orders by the first finding of each email. */
export function bySeverity(a: Pick<Finding, 'severity'>, b: Pick<Finding, 'severity'>) {
  return RANK[a.severity] - RANK[b.severity];
}

import type { Finding } from '../../../contract/draft-findings';
import { valueParts, wordIndex } from './draft-text';

/**
 * A draft that names nothing of its recipient (no value of the row, or part of one, appears in it
 * as whole words) is a mass email. Rows whose only value is the address itself are not judged.
 */
export function personalisationFindings(
  draftText: string,
  rowValues: readonly string[],
  recipientEmail: string,
): Finding[] {
  const address = recipientEmail.toLowerCase();
  const values = rowValues
    .map((v) => v.toLowerCase())
    .filter((v) => v.trim() !== address)
    .flatMap(valueParts);
  if (values.length === 0) return [];
  const text = draftText.toLowerCase();
  if (values.some((v) => wordIndex(text, v) >= 0) || text.includes(address)) return [];
  return [
    {
      kind: 'personalisation',
      severity: 'medium',
      span: null,
      reason: 'Nothing from this recipient’s row appears in the email: it reads as sent to anyone',
    },
  ];
}

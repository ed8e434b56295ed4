import type { Finding } from '../../../contract/draft-findings';

/** Values too short to tell personalisation from chance ("a", "UK" in any text). */
const MIN_VALUE_LENGTH = 3;

/**
 * A draft that names nothing of its recipient (no value of the row appears in it) is a mass
 * email. Rows whose only usable value is the address itself are not judged.
 */
export function personalisationFindings(
  draftText: string,
  rowValues: readonly string[],
  recipientEmail: string,
): Finding[] {
  const values = rowValues
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v.length >= MIN_VALUE_LENGTH && v !== recipientEmail.toLowerCase());
  if (values.length === 0) return [];
  const text = draftText.toLowerCase();
  if (values.some((v) => text.includes(v)) || text.includes(recipientEmail.toLowerCase())) return [];
  return [
    {
      kind: 'personalisation',
      severity: 'medium',
      span: null,
      reason: 'Nothing from this recipient’s row appears in the email: it reads as sent to anyone',
    },
  ];
}

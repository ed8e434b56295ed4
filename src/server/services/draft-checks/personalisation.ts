import type { Finding } from '../../../contract/draft-findings';
import { keyText } from './claim-words';
import { valueParts } from './draft-text';

/**
 * A draft that names nothing of its recipient is a mass email. A value counts however the draft
 * writes it: without its accents ("Jose" for "José"), a company without its legal form ("Kühn &
 * Partner" for "Kühn & Partner GmbH"), or a value of several words in other words (the row's
 * "Nachfolge noch offen" as "die offene Nachfolge"). Rows whose only value is the address itself
 * are not judged.
 */

/** A company's legal form, which a draft drops when it names the company. */
const LEGAL_FORM =
  /[\s,]+(?:GmbH(?:\s*&\s*Co\.?\s*KG)?|AG|KG|OHG|GbR|e\.\s?K\.|e\.\s?V\.|PartG(?:\s*mbB)?|mbB|Ltd\.?|Limited|LLP|LLC|Inc\.?|plc|SARL|SAS|S\.?A\.?S?|S\.?L\.?U?\.?|S\.?r\.?l\.?|B\.?V\.?|N\.?V\.?)$/i;

/** Words of five letters or more, as five-letter stems: "Nachfolge" and "Nachfolgeplanung" alike. */
const stemsOf = (text: string) =>
  keyText(text)
    .trim()
    .split(' ')
    .filter((w) => w.length >= 5 && !/^\d+$/.test(w))
    .map((w) => w.slice(0, 5));

/**
 * Whether a value of three words or more is in the draft in other words: at least half its long
 * words (and two), each by its stem.
 */
function retold(value: string, draftStems: Set<string>) {
  if (value.trim().split(/\s+/).length < 3) return false;
  const stems = [...new Set(stemsOf(value))];
  const found = stems.filter((s) => draftStems.has(s)).length;
  return found >= 2 && found >= stems.length / 2;
}

export function personalisationFindings(
  draftText: string,
  rowValues: readonly string[],
  recipientEmail: string,
): Finding[] {
  const address = recipientEmail.toLowerCase();
  const values = rowValues.filter((v) => v.trim().toLowerCase() !== address);
  if (values.length === 0) return [];
  const text = keyText(draftText);
  const parts = values.flatMap(valueParts).flatMap((p) => [p, p.replace(LEGAL_FORM, '')]);
  if (parts.some((p) => p.length >= 2 && keyText(p).trim() && text.includes(keyText(p)))) return [];
  if (text.includes(keyText(address))) return [];
  const draftStems = new Set(stemsOf(draftText));
  if (values.some((v) => retold(v, draftStems))) return [];
  return [
    {
      kind: 'personalisation',
      severity: 'medium',
      span: null,
      reason: 'Nothing from this recipient’s row appears in the email: it reads as sent to anyone',
    },
  ];
}

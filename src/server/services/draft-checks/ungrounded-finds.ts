import type { Finding } from '../../../contract/draft-findings';

/**
 * The medium "ungrounded" findings one rule raises on a draft, each text once per field however
 * often the draft repeats it (the first reason kept): what the event, place, customer and
 * acquaintance rules share.
 */
export function ungroundedFinds() {
  const found: Finding[] = [];
  const seen = new Set<string>();
  return {
    found,
    flag(field: 'subject' | 'body', text: string, reason: string) {
      const key = `${field}:${text.toLowerCase()}`;
      if (seen.has(key)) return;
      seen.add(key);
      found.push({ kind: 'ungrounded', severity: 'medium', span: { field, text }, reason });
    },
  };
}

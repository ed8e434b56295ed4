import { bySeverity, type Finding } from '../../../contract/draft-findings';
import type { Claim } from '../../ai/check-claims';

/** Where a claim may come from besides a field of the recipient's row. */
const OTHER_SOURCES = new Set(['template', 'sender']);

/**
 * Whether what the AI names as a claim's source really is one: a field of the recipient's row
 * that holds a value, the template or the sender's settings. A model that names a field the row
 * does not have (or an empty one) has found no support, whatever it says.
 */
export function isSupported(claim: Claim, row: Record<string, string | null>): boolean {
  const source = claim.supportedBy?.trim();
  if (!source) return false;
  if (OTHER_SOURCES.has(source.toLowerCase())) return true;
  return Boolean(row[source]?.trim());
}

/** The claim's words as they read in the subject or the body (the model may change their case). */
function spanOf(claimText: string, draft: { subject: string; text: string }): Finding['span'] {
  const wanted = claimText.trim().toLowerCase();
  if (!wanted) return null;
  for (const field of ['subject', 'body'] as const) {
    const text = field === 'subject' ? draft.subject : draft.text;
    const at = text.toLowerCase().indexOf(wanted);
    if (at >= 0) return { field, text: text.slice(at, at + wanted.length) };
  }
  return null;
}

/**
 * A draft's findings once the AI has listed its claims: each claim nothing supports becomes a
 * high-severity finding (an invented fact is not sent in bulk), and the cheap check's findings
 * inside any claim the AI read (supported or not) give way to its judgement. The cheap findings
 * it did not cover stay: the model can miss a name.
 */
export function withClaimFindings(
  cheap: readonly Finding[],
  claims: readonly Claim[],
  draft: { subject: string; text: string },
  row: Record<string, string | null>,
): Finding[] {
  const read = claims.map((c) => c.text.trim().toLowerCase()).filter(Boolean);
  const kept = cheap.filter(
    (f) =>
      f.kind !== 'ungrounded' || !f.span || !read.some((claim) => claim.includes(f.span!.text.toLowerCase())),
  );
  const invented: Finding[] = claims
    .filter((claim) => !isSupported(claim, row))
    .map((claim) => {
      const span = spanOf(claim.text, draft);
      return {
        kind: 'ungrounded',
        severity: 'high',
        span,
        reason: span
          ? 'The AI check found nothing you gave it that supports this claim'
          : `The AI check found nothing you gave it that supports this claim: “${claim.text.trim()}”`,
      };
    });
  return [...kept, ...invented].sort(bySeverity);
}

/** What a draft shows when its claims could not be read: a person has to, so it is not approved in bulk. */
export function claimCheckFailed(cheap: readonly Finding[], reason: string): Finding[] {
  return [
    ...cheap,
    {
      kind: 'ungrounded',
      severity: 'low',
      span: null,
      reason: `The AI claim check could not read this draft (${reason}); read its facts yourself`,
    } satisfies Finding,
  ].sort(bySeverity);
}

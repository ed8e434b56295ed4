import { bySeverity, type Finding } from '../../../contract/draft-findings';
import type { SenderProfileForPrompt } from '../../ai/prompts/sender-profile';
import { deliverabilityFindings } from './deliverability';
import { type DraftText, readDraft } from './draft-text';
import { personalisationFindings } from './personalisation';
import { ungroundedFindings } from './ungrounded';

export type DraftToCheck = {
  subject: string;
  /** The body's HTML as stored. */
  body: string;
  recipientEmail: string;
  /** The recipient's CSV row. */
  row: Record<string, string | null>;
  /** Variables the template uses that the row had no value for. */
  missingValues: readonly string[];
  /**
   * For AI drafts, everything the model was given besides the row (template instructions, sender
   * settings), so a name or number from there is grounded; null for a fixed template, whose text
   * the user wrote.
   */
  aiSources: string | null;
  /**
   * The sender's profile as the writer got it, for the checks that need its parts apart (what the
   * sender must never claim); its text is in `aiSources` already. Null or absent: none known.
   */
  senderProfile?: SenderProfileForPrompt | null;
};

/** The values a recipient's row has (empty cells left out). */
export const rowValuesOf = (row: DraftToCheck['row']) => Object.values(row).filter((v): v is string => !!v);

/**
 * The checks that need only the draft itself, most severe first (the campaign-wide ones run
 * apart). `body` is the draft's body already read, for a caller that needs its text too.
 */
export function checkDraft(draft: DraftToCheck, body: DraftText = readDraft(draft.body)): Finding[] {
  const rowValues = rowValuesOf(draft.row);
  const writtenByAi = draft.aiSources !== null;
  const findings = [
    ...deliverabilityFindings(draft.subject, body, writtenByAi ? [] : draft.missingValues),
    ...(writtenByAi ? missingValueNotes(draft.missingValues) : []),
    ...personalisationFindings(`${draft.subject} ${body.text}`, rowValues, draft.recipientEmail),
    ...(draft.aiSources === null
      ? []
      : ungroundedFindings({ ...draft, aiSources: draft.aiSources }, body.text, rowValues)),
  ];
  return findings.sort(bySeverity);
}

/**
 * An AI draft whose recipient had no value for a variable: the model wrote around the gap, so
 * there is mostly no text left reading wrong, only a note that this email had less to go on. Low,
 * so it never blocks approving (issue #28: one unmapped variable had marked every email high); a
 * greeting left without its name is found apart, as high (greeting.ts). A missing value is a
 * deliverability finding for both kinds of template, as reviewers file it.
 */
function missingValueNotes(missing: readonly string[]): Finding[] {
  return missing.map((name) => ({
    kind: 'deliverability',
    severity: 'low',
    span: null,
    reason: `The recipient has no value for "${name}": the AI wrote this email without it`,
  }));
}

/** "No value for: company, city" (the email's attention reason) → ["company", "city"]. */
export function missingValuesOf(attentionReason: string | null): string[] {
  const m = /^No value for: (.*)$/.exec(attentionReason ?? '');
  return m ? m[1]!.split(', ').filter(Boolean) : [];
}

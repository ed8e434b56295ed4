import pLimit from 'p-limit';
import type { AiModels } from '../../ai/ai-models';
import { checkClaims } from '../../ai/check-claims';
import type { SenderProfileForPrompt } from '../../ai/prompts/sender-profile';
import type { Db } from '../../db/client';
import {
  addClaimCheckUse,
  type CheckedDraft,
  type DraftForChecks,
  resetClaimCheckUse,
  storeFindings,
} from '../../queries/draft-findings';
import type { TemplateRow } from '../../queries/templates';
import { claimCheckFailed, withClaimFindings } from './claim-findings';
import { readDraft } from './draft-text';

/** Reads an AI draft's claims (the AI claim check), when the deployment has an AI provider. */
export type ClaimReader = { models: AiModels; concurrency: number };

type Sources = {
  /** Each step's template (step n at n - 1). */
  templates: readonly (TemplateRow | null)[];
  /** The `<sender>` block's object, as the writer got it: the sender's word, which a claim may rest on. */
  sender: SenderProfileForPrompt;
  reader: ClaimReader;
};

/**
 * The AI claim check over a campaign's AI drafts: one structured call per draft, a few at a time,
 * each batch's findings stored (with the cheap ones it does not replace) and its tokens added to
 * the campaign's figures as it finishes. A draft the AI could not read gets a finding saying so.
 */
export async function checkClaimsOfDrafts(
  db: Db,
  campaignId: number,
  drafts: readonly (DraftForChecks & { findings: CheckedDraft['findings'] })[],
  { templates, sender, reader }: Sources,
  /**
   * A campaign's drafts read anew start its figures again and take their places in the queue; a few
   * edited ones add to the figures and keep their places (the person is working through the queue).
   */
  { edited = false } = {},
) {
  if (!edited) await resetClaimCheckUse(db, campaignId);
  const limit = pLimit(reader.concurrency);
  const batchSize = Math.max(reader.concurrency * 4, 16);
  for (let i = 0; i < drafts.length; i += batchSize) {
    let tokens = 0;
    const batch = await Promise.all(
      drafts.slice(i, i + batchSize).map((draft) =>
        limit(async (): Promise<CheckedDraft> => {
          const row = draft.row;
          const text = { subject: draft.subject, text: readDraft(draft.body).text };
          try {
            const { claims, usage } = await checkClaims(reader.models, {
              draft: text,
              recipient: textValuesOf(row),
              template: templateText(templates[draft.step - 1] ?? null),
              sender,
            });
            tokens += usage.totalTokens;
            return { ...draft, findings: withClaimFindings(draft.findings, claims, text, row) };
          } catch (err) {
            return { ...draft, findings: claimCheckFailed(draft.findings, shortReason(err)) };
          }
        }),
      ),
    );
    await storeFindings(db, batch, { requeue: !edited });
    await addClaimCheckUse(db, campaignId, batch.length, tokens);
  }
}

function templateText(template: TemplateRow | null) {
  if (!template) return '';
  return [template.subjectTemplate, template.bodyTemplate, template.aiInstructions]
    .filter(Boolean)
    .join('\n\n');
}

/** The text values of a row, the only kind a claim can rest on. */
export function textValuesOf(values: Record<string, unknown> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values ?? {}))
    if (typeof value === 'string' && value.trim()) out[key] = value;
  return out;
}

/** The failure as the user reads it inside a sentence (structuredCall's message says what the provider did). */
function shortReason(err: unknown) {
  const message = err instanceof Error ? err.message : String(err);
  return message.charAt(0).toLowerCase() + message.slice(1).replace(/\.$/, '');
}

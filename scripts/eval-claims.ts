/**
 * The AI claim check measured against a real provider: `AI_EVAL=1 npm run eval:claims` with
 * AI_PROVIDER, AI_MODEL and AI_API_KEY (and AI_BASE_URL for an OpenAI-compatible server, a local
 * one included) set as for the app. Every AI draft of the labelled corpus (test/fixtures/drafts)
 * is read by the provider as the product reads it (checkClaims, then withClaimFindings over the
 * cheap findings), and the "ungrounded" kind is scored with and without it. EVAL_CAMPAIGNS and
 * EVAL_LIMIT run part of the corpus. Not part of `npm test`: it costs tokens and needs a model.
 * Exits 1 when the recall with the AI pass is below 0.8, 2 when it cannot run.
 */
import { checkClaims } from '../src/server/ai/check-claims';
import { textValuesOf } from '../src/server/services/draft-checks/claim-check';
import { claimCheckFailed, withClaimFindings } from '../src/server/services/draft-checks/claim-findings';
import { readDraft } from '../src/server/services/draft-checks/draft-text';
import { checkCampaign, loadCorpus, type Outcome, score } from '../test/support/draft-corpus';
import { aiForEval, modelLabel } from './eval/ai-from-env';
import { firstThenRest } from './eval/first-then-rest';
import { subset } from './eval/subset';

const RECALL_GOAL = 0.8;

const { config, models } = aiForEval('run the claim check on the labelled corpus');
const aiCampaigns = subset(loadCorpus().filter((c) => c.ai));
let tokens = 0;

const cheapOutcomes = (await Promise.all(aiCampaigns.map(checkCampaign))).flat();

/** One draft's findings once the provider has read its claims. */
async function withAiPass(outcome: Outcome): Promise<Outcome> {
  const { draft, campaign } = outcome;
  const text = { subject: draft.subject, text: readDraft(draft.body).text };
  const { claims, usage } = await checkClaims(models, {
    draft: text,
    recipient: textValuesOf(draft.row),
    template: campaign.aiSources,
    // A blind campaign's sender profile, as the product gives the claim check its <sender> block.
    sender: campaign.senderProfile ?? {},
  });
  tokens += usage.totalTokens;
  return { ...outcome, found: withClaimFindings(outcome.found, claims, text, draft.row) };
}

const read = await firstThenRest(cheapOutcomes, withAiPass, config.ai!.concurrency);
// A draft the provider could not read is flagged for a person, as the product does.
const failures = read.filter((r) => r instanceof Error).length;
const aiOutcomes = read.map((r, i) =>
  r instanceof Error
    ? { ...cheapOutcomes[i]!, found: claimCheckFailed(cheapOutcomes[i]!.found, r.message) }
    : r,
);
const line = (label: string, outcomes: Outcome[]) => {
  const s = score(outcomes).scores.ungrounded;
  return {
    label,
    ...s,
    text: `${label.padEnd(26)}${String(s.tp).padStart(5)}${String(s.fp).padStart(5)}${String(s.fn).padStart(5)}${s.precision.toFixed(3).padStart(11)}${s.recall.toFixed(3).padStart(8)}`,
  };
};
const cheap = line('cheap checks only', cheapOutcomes);
const withAi = line('with the AI claim check', aiOutcomes);
console.log(
  [
    `Ungrounded claims on the labelled corpus: ${cheapOutcomes.length} AI drafts, ${modelLabel(config)}`,
    '',
    `${''.padEnd(26)}${'TP'.padStart(5)}${'FP'.padStart(5)}${'FN'.padStart(5)}${'precision'.padStart(11)}${'recall'.padStart(8)}`,
    cheap.text,
    withAi.text,
    '',
    `${tokens.toLocaleString('en')} tokens; ${failures} drafts the provider could not read. Goal: recall ≥ ${RECALL_GOAL}.`,
  ].join('\n'),
);
process.exit(withAi.recall >= RECALL_GOAL ? 0 : 1);

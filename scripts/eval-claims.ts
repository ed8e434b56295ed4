/**
 * The AI claim check measured against a real provider: `AI_EVAL=1 npm run eval:claims` with
 * AI_PROVIDER, AI_MODEL and AI_API_KEY (and AI_BASE_URL where needed) set as for the app. Every AI
 * draft of the labelled corpus (test/fixtures/drafts) is read by the provider as the product reads
 * it (checkClaims, then withClaimFindings over the cheap findings), and the "ungrounded" kind is
 * scored with and without it. Not part of `npm test`: it costs tokens and needs the network.
 * Exits 1 when the recall with the AI pass is below 0.8, 2 when it cannot run.
 */
import pLimit from 'p-limit';
import { createAiModels } from '../src/server/ai/ai-models';
import { checkClaims } from '../src/server/ai/check-claims';
import { loadConfig } from '../src/server/config';
import { textValuesOf } from '../src/server/services/draft-checks/claim-check';
import { claimCheckFailed, withClaimFindings } from '../src/server/services/draft-checks/claim-findings';
import { readDraft } from '../src/server/services/draft-checks/draft-text';
import {
  checkCampaign,
  type LabelledCampaign,
  loadCorpus,
  type Outcome,
  score,
} from '../test/support/draft-corpus';

const RECALL_GOAL = 0.8;

if (process.env.AI_EVAL !== '1') {
  console.error('Set AI_EVAL=1 to run the claim check against the configured AI provider (it costs tokens).');
  process.exit(2);
}
const config = loadConfig();
const models = createAiModels(config);
if (!models) {
  console.error('No AI provider configured: set AI_PROVIDER, AI_MODEL and AI_API_KEY as for the app.');
  process.exit(2);
}

const limit = pLimit(config.ai?.concurrency ?? 4);
const aiCampaigns = loadCorpus().filter((c) => c.ai);
let tokens = 0;
let failures = 0;

/** One campaign's drafts, the cheap findings and then the provider's reading of each draft's claims. */
async function withAiPass(campaign: LabelledCampaign): Promise<{ cheap: Outcome[]; withAi: Outcome[] }> {
  const cheap = await checkCampaign(campaign);
  const withAi = await Promise.all(
    cheap.map((outcome) =>
      limit(async () => {
        const { draft } = outcome;
        const text = { subject: draft.subject, text: readDraft(draft.body).text };
        try {
          const { claims, usage } = await checkClaims(models!, {
            draft: text,
            recipient: textValuesOf(draft.row),
            template: campaign.aiSources,
            // A blind campaign's sender profile, as the product gives the claim check its <sender> block.
            sender: campaign.senderProfile ?? {},
          });
          tokens += usage.totalTokens;
          return { ...outcome, found: withClaimFindings(outcome.found, claims, text, draft.row) };
        } catch (err) {
          failures++;
          return { ...outcome, found: claimCheckFailed(outcome.found, (err as Error).message) };
        }
      }),
    ),
  );
  return { cheap, withAi };
}

const runs = await Promise.all(aiCampaigns.map(withAiPass));
const line = (label: string, outcomes: Outcome[]) => {
  const s = score(outcomes).scores.ungrounded;
  return {
    label,
    ...s,
    text: `${label.padEnd(26)}${String(s.tp).padStart(5)}${String(s.fp).padStart(5)}${String(s.fn).padStart(5)}${s.precision.toFixed(3).padStart(11)}${s.recall.toFixed(3).padStart(8)}`,
  };
};
const cheap = line(
  'cheap checks only',
  runs.flatMap((r) => r.cheap),
);
const withAi = line(
  `with the AI claim check`,
  runs.flatMap((r) => r.withAi),
);
console.log(
  [
    `Ungrounded claims on the labelled corpus: ${runs.flatMap((r) => r.cheap).length} AI drafts, model ${config.ai?.model ?? '(provider default)'}`,
    '',
    `${''.padEnd(26)}${'TP'.padStart(5)}${'FP'.padStart(5)}${'FN'.padStart(5)}${'precision'.padStart(11)}${'recall'.padStart(8)}`,
    cheap.text,
    withAi.text,
    '',
    `${tokens.toLocaleString('en')} tokens; ${failures} drafts the provider could not read. Goal: recall ≥ ${RECALL_GOAL}.`,
  ].join('\n'),
);
process.exit(withAi.recall >= RECALL_GOAL ? 0 : 1);

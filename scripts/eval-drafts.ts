/**
 * The draft checks on drafts a real model writes: `AI_EVAL=1 npm run eval:drafts` with AI_PROVIDER,
 * AI_MODEL and AI_API_KEY (and AI_BASE_URL for an OpenAI-compatible server) set as for the app.
 * For each AI campaign of the labelled corpus (test/fixtures/drafts) the model writes a draft for
 * every row through the product's writer, with the campaign's prompt and sender profile; the
 * product's checks then read them, and with AI_EVAL_CLAIMS=1 the AI claim check too. Nobody has
 * labelled these drafts, so it reports what needs no labels and prints every flagged draft;
 * EVAL_DRAFTS_OUT=<file> keeps the drafts in the corpus's format, `expect` empty, for a person
 * to label. Exits 0 when every draft was written (and read), 1 when the provider failed on some,
 * 2 when it cannot run.
 */
import fs from 'node:fs';
import { checkClaims } from '../src/server/ai/check-claims';
import { writeEmail } from '../src/server/ai/write-email';
import { textValuesOf } from '../src/server/services/draft-checks/claim-check';
import { claimCheckFailed, withClaimFindings } from '../src/server/services/draft-checks/claim-findings';
import { readDraft } from '../src/server/services/draft-checks/draft-text';
import { sanitizeRichText } from '../src/server/services/sanitize-html';
import { type CampaignWithSender, loadAiCampaigns } from '../test/support/ai-corpus';
import { checkCampaign, type LabelledDraft } from '../test/support/draft-corpus';
import { aiForEval, modelLabel } from './eval/ai-from-env';
import type { CampaignRun, CheckedDraft } from './eval/draft-figures';
import { printReport } from './eval/drafts-report';
import { firstThenRest } from './eval/first-then-rest';
import { senderForClaims, sourcesOf, writerInput } from './eval/sender-for-ai';
import { subset } from './eval/subset';

const { config, models } = aiForEval("write the labelled corpus's drafts");
const withClaims = process.env.AI_EVAL_CLAIMS === '1';
const outFile = process.env.EVAL_DRAFTS_OUT?.trim() || null;
const concurrency = config.ai!.concurrency;
const model = modelLabel(config);
const campaigns = subset(loadAiCampaigns());
const tokens = { writing: 0, claims: 0 };

/** The row as generation gives it to the writer (valuesFor): empty cells as "", and the address. */
const recipientOf = (source: LabelledDraft) => ({
  ...Object.fromEntries(Object.entries(source.row).map(([k, v]) => [k, v ?? ''])),
  email: source.recipientEmail,
});

async function write(campaign: CampaignWithSender, source: LabelledDraft): Promise<LabelledDraft> {
  const email = await writeEmail(models, writerInput(campaign, recipientOf(source)));
  tokens.writing += email.usage.totalTokens;
  return {
    id: `model-${source.id}`,
    recipientEmail: source.recipientEmail,
    row: source.row,
    missingValues: source.missingValues,
    subject: email.subject,
    // As generation stores it, and so as the checks read it.
    body: sanitizeRichText(email.body),
    expect: [],
    notes: `Written by ${model} for the row of ${source.id}; not labelled yet.`,
  };
}

const jobs = campaigns.flatMap((campaign) => campaign.drafts.map((source) => ({ campaign, source })));
const written = await firstThenRest(jobs, (job) => write(job.campaign, job.source), concurrency);

const byCampaign = campaigns.map((campaign) => ({
  campaign,
  drafts: [] as LabelledDraft[],
  failed: [] as CampaignRun['failed'],
}));
for (const [i, result] of written.entries()) {
  const { campaign, source } = jobs[i]!;
  const entry = byCampaign.find((c) => c.campaign === campaign)!;
  if (result instanceof Error) entry.failed.push({ id: source.id, reason: result.message });
  else entry.drafts.push(result);
}

if (outFile) {
  // Kept before the checks run: the tokens are spent, whatever happens next.
  const list = byCampaign
    .filter((c) => c.drafts.length > 0)
    .map(({ campaign, drafts }) => ({ ...campaign, drafts }));
  fs.writeFileSync(outFile, `${JSON.stringify(list, null, 2)}\n`);
}

/** The product's checks on one campaign's drafts, as the corpus test runs them. */
async function cheapChecks({ campaign, drafts }: (typeof byCampaign)[number]): Promise<CheckedDraft[]> {
  if (drafts.length === 0) return [];
  const outcomes = await checkCampaign({ ...campaign, aiSources: sourcesOf(campaign), drafts });
  return outcomes.map(({ draft, found }) => ({ draft, cheap: found, found }));
}

const checked = await Promise.all(byCampaign.map(cheapChecks));
let claimFailures = 0;
if (withClaims) {
  const reads = checked.flatMap((drafts, c) => drafts.map((d) => ({ d, campaign: campaigns[c]! })));
  const verdicts = await firstThenRest(
    reads,
    async ({ d, campaign }) => {
      const text = { subject: d.draft.subject, text: readDraft(d.draft.body).text };
      const { claims, usage } = await checkClaims(models, {
        draft: text,
        recipient: textValuesOf(d.draft.row),
        template: campaign.aiSources,
        sender: senderForClaims(campaign),
      });
      tokens.claims += usage.totalTokens;
      return withClaimFindings(d.cheap, claims, text, d.draft.row);
    },
    concurrency,
  );
  for (const [i, verdict] of verdicts.entries()) {
    const { d } = reads[i]!;
    if (verdict instanceof Error) claimFailures++;
    d.found = verdict instanceof Error ? claimCheckFailed(d.cheap, verdict.message) : verdict;
  }
}

const runs: CampaignRun[] = byCampaign.map((c, i) => ({
  campaign: c.campaign,
  drafts: checked[i]!,
  failed: c.failed,
}));
const all = printReport(runs, {
  model,
  withClaims,
  claimFailures,
  tokens,
});
if (outFile) console.log(`\nThe ${all.drafts} drafts, "expect" empty for labelling, are in ${outFile}.`);
process.exit(all.failed > 0 || claimFailures > 0 ? 1 : 0);

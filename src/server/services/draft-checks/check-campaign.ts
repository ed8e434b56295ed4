import { setImmediate as nextTurn } from 'node:timers/promises';
import { bySeverity, type Finding } from '../../../contract/draft-findings';
import { writtenByAi } from '../../../contract/templates';
import type { SenderProfileForPrompt } from '../../ai/prompts/sender-profile';
import type { Db } from '../../db/client';
import { type CampaignRow, findMadeCampaign } from '../../queries/campaigns';
import {
  campaignsWithUncheckedDrafts,
  type DraftForChecks,
  draftsForChecks,
  recipientRow,
  storeFindings,
} from '../../queries/draft-findings';
import type { TemplateRow } from '../../queries/templates';
import { templatesOfSteps } from '../campaigns';
import { senderSourceText } from '../sender-profile/for-prompt';
import { senderOfCampaign } from '../sender-profile/load';
import { type ComparedDraft, duplicateFindings, lengthFindings } from './campaign-checks';
import { checkDraft, missingValuesOf, rowValuesOf } from './check-draft';
import { type ClaimReader, checkClaimsOfDrafts } from './claim-check';
import { readDraft } from './draft-text';

/**
 * What an AI draft may take from besides the recipient's row: the template's own text and
 * instructions, the sender's settings and the `<sender>` block the writer was given (a proof
 * point's figure is the sender's own). Lower-cased; null for a fixed template.
 */
export function aiSourcesOf(
  template: TemplateRow | null,
  settings: Record<string, unknown> | null,
  sender: SenderProfileForPrompt = {},
): string | null {
  if (!template || !writtenByAi(template)) return null;
  const parts = [template.subjectTemplate, template.bodyTemplate, template.aiInstructions];
  for (const value of Object.values(settings ?? {})) if (typeof value === 'string') parts.push(value);
  parts.push(senderSourceText(sender));
  return parts.filter(Boolean).join('\n').toLowerCase();
}

/** Drafts checked between two turns of the event loop, and read per statement. */
const YIELD_EVERY = 500;
const PAGE = 2000;

/**
 * How a step's drafts are checked: what its AI was given (null: a fixed template's drafts) and,
 * where known, the sender's profile as the writer got it (its never-claim list is checked apart).
 */
export type StepSources = { aiSources: string | null; senderProfile?: SenderProfileForPrompt | null };

/**
 * The findings of a campaign's drafts: each draft on its own, then each step's drafts against
 * each other (near-duplicates among AI drafts, lengths far from the usual). `steps[n - 1]` is
 * step n's.
 */
export async function findingsOfDrafts(
  drafts: readonly DraftForChecks[],
  steps: readonly StepSources[],
): Promise<Map<number, Finding[]>> {
  const findings = new Map<number, Finding[]>();
  const byStep = new Map<number, ComparedDraft[]>();
  for (const [i, draft] of drafts.entries()) {
    // 100,000 drafts take over a second of checking: requests get in every few milliseconds.
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await nextTurn();
    const body = readDraft(draft.body);
    findings.set(
      draft.id,
      checkDraft(
        {
          subject: draft.subject,
          body: draft.body,
          recipientEmail: draft.recipientEmail,
          row: draft.row,
          missingValues: missingValuesOf(draft.attentionReason),
          aiSources: steps[draft.step - 1]?.aiSources ?? null,
          senderProfile: steps[draft.step - 1]?.senderProfile ?? null,
        },
        body,
      ),
    );
    const compared = byStep.get(draft.step) ?? [];
    compared.push({
      id: draft.id,
      recipientEmail: draft.recipientEmail,
      text: `${draft.subject}\n${body.text}`,
      ownValues: [draft.recipientEmail, ...rowValuesOf(draft.row)],
    });
    byStep.set(draft.step, compared);
  }
  for (const [step, compared] of byStep) {
    // A fixed template's drafts are meant to be alike: only AI drafts can fail to personalise.
    const sets = [lengthFindings(compared)];
    if (steps[step - 1]?.aiSources != null) sets.push(duplicateFindings(compared));
    for (const set of sets)
      for (const [id, more] of set) findings.set(id, [...(findings.get(id) ?? []), ...more].sort(bySeverity));
  }
  return findings;
}

/**
 * Checks every draft of a campaign and stores the findings; returns how many drafts have any
 * before the AI claim check. With the claim check on, the AI drafts' findings are stored a batch
 * at a time as their claims are read.
 */
export async function checkCampaignDrafts(
  db: Db,
  campaign: CampaignRow,
  claims: ClaimReader | null = null,
): Promise<number> {
  const { settings, forPrompt: sender } = await senderOfCampaign(db, campaign);
  const templates = await templatesOfSteps(db, campaign);
  const steps = templates.map((t) => ({
    aiSources: aiSourcesOf(t, settings, sender),
    senderProfile: sender,
  }));
  const drafts: DraftForChecks[] = [];
  for (let page = await draftsForChecks(db, campaign.id, { afterId: 0, limit: PAGE }); ; ) {
    drafts.push(...page);
    if (page.length < PAGE) break;
    page = await draftsForChecks(db, campaign.id, { afterId: page.at(-1)!.id, limit: PAGE });
  }
  const findings = await findingsOfDrafts(drafts, steps);
  const checked = drafts.map((d) => ({ ...d, findings: findings.get(d.id) ?? [] }));
  // An AI draft whose claims are to be read is stored once they are: until then it counts as
  // not checked, so nobody approves it "without findings" on the cheap checks alone.
  const readsClaims = (d: { step: number }) =>
    claims !== null && campaign.checkClaimsWithAi && steps[d.step - 1]?.aiSources != null;
  await storeFindings(
    db,
    checked.filter((d) => !readsClaims(d)),
  );
  if (claims) {
    const aiDrafts = checked.filter(readsClaims);
    if (aiDrafts.length > 0)
      await checkClaimsOfDrafts(db, campaign.id, aiDrafts, { templates, sender, reader: claims });
  }
  return checked.filter((d) => d.findings.length > 0).length;
}

/**
 * An edited draft, checked again on its own. Its comparisons with the campaign's other drafts
 * (near-duplicate, length) are dropped: the person has rewritten it, and they run again when the
 * campaign's drafts are next checked. So is a missing value: the text is the person's now, written
 * knowing the value is not there.
 */
export async function checkEditedDraft(
  db: Db,
  campaign: CampaignRow,
  email: { step: number; recipientId: number },
  edited: { subject: string; body: string; recipientEmail: string },
): Promise<{ findings: Finding[]; readsClaims: boolean }> {
  const template = (await templatesOfSteps(db, campaign))[email.step - 1] ?? null;
  const { settings, forPrompt } = await senderOfCampaign(db, campaign);
  const findings = checkDraft({
    ...edited,
    row: await recipientRow(db, email.recipientId),
    missingValues: [],
    aiSources: aiSourcesOf(template, settings, forPrompt),
    senderProfile: forPrompt,
  });
  // Its claims are read again in the background (recheckEditedClaims).
  return { findings, readsClaims: campaign.checkClaimsWithAi && writtenByAi(template) };
}

/**
 * The claims of drafts a person edited, read again (the edit's cheap checks ran as it was saved):
 * for a campaign with the AI claim check on, and its AI drafts only. The edit's findings are
 * stored again with the claims' verdict, unless the text changed once more meanwhile.
 */
export async function recheckEditedClaims(
  db: Db,
  ids: { userId: number; campaignId: number; emailIds: number[] },
  claims: ClaimReader | null,
) {
  const campaign = await findMadeCampaign(db, ids.userId, ids.campaignId);
  if (!campaign || !claims || !campaign.checkClaimsWithAi) return;
  const { settings, forPrompt: sender } = await senderOfCampaign(db, campaign);
  const templates = await templatesOfSteps(db, campaign);
  const drafts = (await draftsForChecks(db, campaign.id, { ids: ids.emailIds })).filter((d) =>
    writtenByAi(templates[d.step - 1] ?? null),
  );
  const edited = drafts.map((d) => ({
    ...d,
    findings: checkDraft({
      ...d,
      missingValues: [],
      aiSources: aiSourcesOf(templates[d.step - 1] ?? null, settings, sender),
      senderProfile: sender,
    }),
  }));
  if (edited.length > 0)
    await checkClaimsOfDrafts(
      db,
      campaign.id,
      edited,
      { templates, sender, reader: claims },
      { edited: true },
    );
}

/** The campaigns whose drafts wait for a check nobody queued (see campaignsWithUncheckedDrafts). */
export const campaignsToCheck = (db: Db) => campaignsWithUncheckedDrafts(db);

/** checkCampaignDrafts by ids, for the job; a campaign deleted meanwhile has nothing to check (null). */
export async function checkDraftsOfCampaign(
  db: Db,
  ids: { userId: number; campaignId: number },
  claims: ClaimReader | null = null,
) {
  const campaign = await findMadeCampaign(db, ids.userId, ids.campaignId);
  return campaign ? checkCampaignDrafts(db, campaign, claims) : null;
}

import { FINDING_KINDS, type Finding, type FindingKind } from '../../src/contract/draft-findings';
import { readDraft } from '../../src/server/services/draft-checks/draft-text';
import { senderFactsUsed } from '../../src/server/services/sender-profile/facts-used';
import type { CampaignWithSender } from '../../test/support/ai-corpus';
import type { LabelledDraft } from '../../test/support/draft-corpus';

/**
 * What can be measured on drafts nobody has labelled: how many the checks flag and for what,
 * how many state a number or name that nothing given to the model holds, and how much of the
 * sender's proof the model used. Precision and recall need labels; these need none.
 */

export type CheckedDraft = {
  draft: LabelledDraft;
  /** The cheap checks' findings. */
  cheap: Finding[];
  /** The findings the product would show: the cheap ones, with the AI claim check's verdict when it ran. */
  found: Finding[];
};

export type CampaignRun = {
  campaign: CampaignWithSender;
  drafts: CheckedDraft[];
  /** Rows the provider could not write a draft for, with its reason. */
  failed: { id: string; reason: string }[];
};

export type Figures = {
  drafts: number;
  failed: number;
  flagged: number;
  /** Drafts with a finding of each kind. */
  byKind: Record<FindingKind, number>;
  findings: number;
  /** Drafts the cheap ungrounded check flags: a number or name absent from the row, profile and prompt. */
  notGiven: number;
  /** Drafts with a claim the AI claim check found nothing to support (high-severity "ungrounded"). */
  unsupported: number;
  /** The sender's proof points, and those at least one draft states; null without a profile. */
  proofPoints: { total: number; used: number; perDraft: number } | null;
};

const noKinds = () => Object.fromEntries(FINDING_KINDS.map((k) => [k, 0])) as Record<FindingKind, number>;
const isUnsupported = (f: Finding) => f.kind === 'ungrounded' && f.severity === 'high';

export function figuresOf(run: CampaignRun): Figures {
  const byKind = noKinds();
  for (const { found } of run.drafts) for (const kind of new Set(found.map((f) => f.kind))) byKind[kind]++;
  const points = run.campaign.senderProfile?.proofPoints ?? [];
  // The same reading as the review's "Sender facts used", proof points only.
  const usedByDraft = run.drafts.map(({ draft }) => {
    const { text, links } = readDraft(draft.body);
    const used = senderFactsUsed(
      { subject: draft.subject, text, links: links.map((l) => l.href) },
      { proofPoints: points, offer: null, website: null },
    );
    return used.map((fact) => fact.text);
  });
  return {
    drafts: run.drafts.length,
    failed: run.failed.length,
    flagged: run.drafts.filter((d) => d.found.length > 0).length,
    byKind,
    findings: run.drafts.reduce((n, d) => n + d.found.length, 0),
    notGiven: run.drafts.filter((d) => d.cheap.some((f) => f.kind === 'ungrounded')).length,
    unsupported: run.drafts.filter((d) => d.found.some(isUnsupported)).length,
    proofPoints:
      points.length === 0
        ? null
        : {
            total: points.length,
            used: new Set(usedByDraft.flat()).size,
            perDraft: usedByDraft.reduce((n, used) => n + used.length, 0) / Math.max(1, run.drafts.length),
          },
  };
}

/** The figures of several campaigns as one; proof points per draft over the drafts that had a profile. */
export function sumFigures(all: readonly Figures[]): Figures {
  const byKind = noKinds();
  for (const f of all) for (const kind of FINDING_KINDS) byKind[kind] += f.byKind[kind];
  const sum = (pick: (f: Figures) => number) => all.reduce((n, f) => n + pick(f), 0);
  const withProfile = all.filter((f) => f.proofPoints !== null);
  const profiled = withProfile.reduce((n, f) => n + f.drafts, 0);
  return {
    drafts: sum((f) => f.drafts),
    failed: sum((f) => f.failed),
    flagged: sum((f) => f.flagged),
    byKind,
    findings: sum((f) => f.findings),
    notGiven: sum((f) => f.notGiven),
    unsupported: sum((f) => f.unsupported),
    proofPoints:
      withProfile.length === 0
        ? null
        : {
            total: withProfile.reduce((n, f) => n + f.proofPoints!.total, 0),
            used: withProfile.reduce((n, f) => n + f.proofPoints!.used, 0),
            perDraft:
              withProfile.reduce((n, f) => n + f.proofPoints!.perDraft * f.drafts, 0) / Math.max(1, profiled),
          },
  };
}

import { type CampaignStep, MAX_FOLLOW_UPS } from '../../../../contract/campaigns';

/**
 * A follow-up as the editor holds it. `key` stays with the step when it moves, so React keeps each
 * step's inputs (and focus) with it; `delayDays` is null while its input is empty.
 */
export interface FollowUpDraft {
  key: string;
  delayDays: number | null;
  businessDays: boolean;
  templateId: number | null;
}

export const MIN_DELAY_DAYS = 1;
export const MAX_DELAY_DAYS = 365;
export const DELAY_PROBLEM = `Enter a number of days from ${MIN_DELAY_DAYS} to ${MAX_DELAY_DAYS}`;

let lastKey = 0;
const nextKey = () => `follow-up-${++lastKey}`;

/** A follow-up's step number: the campaign's own email is step 1, its first follow-up step 2. */
export const stepNumberOf = (index: number) => index + 2;

/** A new follow-up: three business days after the step before, the template still to choose. */
export function newFollowUp(): FollowUpDraft {
  return { key: nextKey(), delayDays: 3, businessDays: true, templateId: null };
}

export function followUpOf(step: CampaignStep): FollowUpDraft {
  return { key: nextKey(), ...step };
}

/** Adds a follow-up at the end; unchanged at the limit. */
export function addFollowUp(steps: readonly FollowUpDraft[]): FollowUpDraft[] {
  return steps.length >= MAX_FOLLOW_UPS ? [...steps] : [...steps, newFollowUp()];
}

export function removeFollowUp(steps: readonly FollowUpDraft[], index: number): FollowUpDraft[] {
  return steps.filter((_, i) => i !== index);
}

/** Swaps a follow-up with its neighbour (`by` -1 earlier, 1 later); unchanged at either end. */
export function moveFollowUp(steps: readonly FollowUpDraft[], index: number, by: -1 | 1): FollowUpDraft[] {
  const to = index + by;
  const moved = [...steps];
  if (index < 0 || index >= steps.length || to < 0 || to >= steps.length) return moved;
  [moved[index], moved[to]] = [moved[to]!, moved[index]!];
  return moved;
}

export function changeFollowUp(
  steps: readonly FollowUpDraft[],
  index: number,
  patch: Partial<Omit<FollowUpDraft, 'key'>>,
): FollowUpDraft[] {
  return steps.map((step, i) => (i === index ? { ...step, ...patch } : step));
}

/** Why a follow-up's delay cannot be saved, or null. */
export function delayProblem(step: Pick<FollowUpDraft, 'delayDays'>): string | null {
  const days = step.delayDays;
  if (days === null || !Number.isInteger(days) || days < MIN_DELAY_DAYS || days > MAX_DELAY_DAYS) {
    return DELAY_PROBLEM;
  }
  return null;
}

/**
 * The steps to save. Only for follow-ups `delayProblem` accepts: the editor refuses to save
 * before that (a null delay here would be refused by the server too).
 */
export function campaignStepsOf(steps: readonly FollowUpDraft[]): CampaignStep[] {
  return steps.map(({ delayDays, businessDays, templateId }) => ({
    delayDays: delayDays ?? 0,
    businessDays,
    templateId,
  }));
}

/** The server's words when generating a campaign whose follow-up has no template yet. */
export const missingTemplateMessage = (stepNumber: number) => `Select a template for step ${stepNumber}`;

/** The first follow-up's step number without a template, as the server checks before generating; null if none. */
export function stepWithoutTemplate(steps: readonly Pick<CampaignStep, 'templateId'>[]): number | null {
  const index = steps.findIndex((step) => step.templateId === null);
  return index < 0 ? null : stepNumberOf(index);
}

import type { Campaign } from '../../../../contract/campaigns';

/** Campaigns this page believes are generating: campaign id → when it started following it (ms). */
export type GeneratingSet = ReadonlyMap<number, number>;

export function markGenerating(set: GeneratingSet, id: number, at: number): GeneratingSet {
  if (set.has(id)) return set;
  return new Map(set).set(id, at);
}

export function unmarkGenerating(set: GeneratingSet, id: number): GeneratingSet {
  if (!set.has(id)) return set;
  const next = new Map(set);
  next.delete(id);
  return next;
}

/**
 * A campaign marked generating here but no longer reported so by the server leaves the
 * set. Only a list fetched after the mark counts: an older one cannot know generation started.
 * A campaign missing from a fresh list (archived or deleted meanwhile) leaves too. Returns the
 * same set when nothing changed, so React can skip a render.
 */
export function reconcileGenerating(
  set: GeneratingSet,
  campaigns: readonly Pick<Campaign, 'id' | 'status'>[],
  fetchedAt: number,
): GeneratingSet {
  const status = new Map(campaigns.map((campaign) => [campaign.id, campaign.status]));
  let next: Map<number, number> | null = null;
  for (const [id, markedAt] of set) {
    if (fetchedAt < markedAt || status.get(id) === 'generating') continue;
    next ??= new Map(set);
    next.delete(id);
  }
  return next ?? set;
}

import type { GenerationEvent } from '../../contract/campaigns';
import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { countCampaignEmails } from '../queries/campaigns';
import { ownCampaign } from './campaigns';

/**
 * The next event for a generation stream, read from the database so any web process can serve
 * any stream and a reconnect simply resumes. `null` while nothing changed since `previous`.
 */
export async function readGenerationEvent(
  db: Db,
  workspaceId: WorkspaceId,
  campaignId: number,
  previous: string | null,
): Promise<{ event: GenerationEvent; key: string; final: boolean } | null> {
  const c = await ownCampaign(db, workspaceId, campaignId);
  if (c.status === 'generating') {
    const total = c.generationTotal;
    const processed = Math.min(c.generationProcessed, total);
    const key = `p:${processed}:${c.generationCurrent}`;
    if (key === previous) return null;
    const progress = total === 0 ? 0 : Math.round((processed / total) * 100);
    return {
      key,
      final: false,
      event: {
        event: 'progress',
        data: { progress, processed, total, currentRecipient: c.generationCurrent },
      },
    };
  }
  if (c.status === 'draft') {
    const message = c.generationError ?? 'Generation has not started';
    return { key: 'error', final: true, event: { event: 'error', data: { message } } };
  }
  const { total, failed } = await countCampaignEmails(db, campaignId);
  return {
    key: 'complete',
    final: true,
    event: { event: 'complete', data: { processed: total, total, failed } },
  };
}

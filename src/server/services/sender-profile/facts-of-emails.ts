import type { SenderFactUsed } from '../../../contract/sender-profile';
import { writtenByAi } from '../../../contract/templates';
import type { Db } from '../../db/client';
import type { CampaignRow } from '../../queries/campaigns';
import { templatesOfSteps } from '../campaigns';
import { readDraft } from '../draft-checks/draft-text';
import { senderFactsUsed } from './facts-used';
import { senderOfCampaign } from './load';

/**
 * The sender facts each of a page of a campaign's emails uses, computed as the page is read: an
 * edit shows at once, a profile changed since generation is what the reviewer checks against, and
 * nothing has to be stored or kept up to date with the drafts. A page is tens of drafts, and the
 * matching costs microseconds each. Undefined for an email of a fixed template's step.
 */
export async function senderFactsOfEmails(
  db: Db,
  campaign: CampaignRow,
  emails: readonly { step: number; subject: string; body: string }[],
): Promise<(SenderFactUsed[] | undefined)[]> {
  if (emails.length === 0) return [];
  const templates = await templatesOfSteps(db, campaign);
  const byAi = (step: number) => writtenByAi(templates[step - 1] ?? null);
  if (!emails.some((e) => byAi(e.step))) return emails.map(() => undefined);
  const { profile } = await senderOfCampaign(db, campaign);
  return emails.map((email) => {
    if (!byAi(email.step)) return undefined;
    const { text, links } = readDraft(email.body);
    return senderFactsUsed({ subject: email.subject, text, links: links.map((l) => l.href) }, profile);
  });
}

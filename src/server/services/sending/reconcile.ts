import { sql } from 'drizzle-orm';
import { emails } from '../../db/schema';
import { settleManySending, staleSending } from '../../queries/email-sending';
import { findMailbox } from '../../queries/mailboxes';
import { refreshCampaignSendStatus } from './campaign-send-status';
import { mailboxFor } from './mailbox';
import type { SendQueue } from './send-queue';
import type { SendDeps } from './sender';

export const DELIVERY_UNKNOWN =
  'Delivery unknown: the send was interrupted. Check your Sent folder, then mark it as sent or send it again.';

/**
 * Settles emails left in `sending` past their lease: by a worker that died, or by a send whose
 * connection broke after the message was handed over. With `claimedBefore` (the embedded
 * database's single process just started), every email claimed before that moment, lease or not;
 * never a cutoff of "now", which would take in this process's own sends still in flight: not yet
 * in the Sent folder, they would be queued and sent a second time. Never re-sends blindly: with sent-folder
 * access the mailbox is asked whether the Message-ID went out (found: sent; not found: queued
 * again); without it (and for SMTP) the email is marked delivery-unknown for the user to decide.
 */
export async function reconcileInterruptedSends(
  deps: SendDeps,
  queue: SendQueue,
  claimedBefore: Date | null,
): Promise<number> {
  const before = claimedBefore ?? new Date(Date.now() - deps.config.mail.leaseSeconds * 1000);
  const stale = await staleSending(deps.db, before);
  // A handful of statements per mailbox rather than several per email: after a crash mid-campaign
  // hundreds wait, and on the embedded database each statement takes its turn with the requests.
  const byMailbox = new Map<number | null, typeof stale>();
  for (const e of stale) {
    const list = byMailbox.get(e.mailboxId);
    if (list) list.push(e);
    else byMailbox.set(e.mailboxId, [e]);
  }
  for (const [mailboxId, interrupted] of byMailbox) {
    const ask = await sentFolderOf(deps, mailboxId);
    const verdicts = { sent: [] as number[], queued: [] as number[], unknown: [] as number[] };
    for (const { id, messageId } of interrupted) {
      // Without a Message-ID the send never reached a provider.
      const verdict = messageId ? await ask(messageId) : false;
      verdicts[verdict === true ? 'sent' : verdict === false ? 'queued' : 'unknown'].push(id);
    }
    // Sent at the claim, the email's last update before this one.
    await settleManySending(deps.db, verdicts.sent, {
      status: 'sent',
      sentAt: sql`${emails.updatedAt}`,
      errorMessage: null,
    });
    if (verdicts.queued.length > 0)
      await queue.queueAndSend(deps.db, (tx) =>
        settleManySending(tx, verdicts.queued, { status: 'queued', errorMessage: null, rawMessage: null }),
      );
    await settleManySending(deps.db, verdicts.unknown, { status: 'unknown', errorMessage: DELIVERY_UNKNOWN });
  }
  for (const campaignId of new Set(stale.map((e) => e.campaignId)))
    await refreshCampaignSendStatus(deps.db, campaignId);
  return stale.length;
}

/**
 * Asks the mailbox whether a Message-ID went out: true or false, or null when it cannot say (SMTP
 * has no Sent folder to ask, no read access, the mailbox is gone, or the provider failed).
 */
async function sentFolderOf(
  deps: SendDeps,
  mailboxId: number | null,
): Promise<(messageId: string) => Promise<boolean | null>> {
  const cannotSay = async () => null;
  const row = mailboxId === null ? null : await findMailbox(deps.db, mailboxId);
  if (!row) return cannotSay;
  try {
    const { transport } = await mailboxFor(deps, { ...row, needsReauthAt: null });
    const findSent = transport.findSent?.bind(transport);
    if (!findSent) return cannotSay;
    return async (messageId) => {
      try {
        return (await findSent(messageId)) ?? null;
      } catch {
        return null;
      }
    };
  } catch {
    return cannotSay;
  }
}

import { emailForSending, settleSending, staleSending } from '../../queries/email-sending';
import { findUser, latestProvider } from '../../queries/users';
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
  for (const { id } of stale) {
    const found = await emailForSending(deps.db, id);
    if (!found) continue;
    const { email, campaign } = found;
    const verdict = await askMailbox(deps, email.userId, email.messageId);
    if (verdict === true) {
      await settleSending(deps.db, id, { status: 'sent', sentAt: email.updatedAt, errorMessage: null });
    } else if (verdict === false) {
      await queue.queueAndSend(deps.db, async (tx) =>
        (await settleSending(tx, id, { status: 'queued', errorMessage: null, rawMessage: null })) ? [id] : [],
      );
    } else {
      await settleSending(deps.db, id, { status: 'unknown', errorMessage: DELIVERY_UNKNOWN });
    }
    await refreshCampaignSendStatus(deps.db, campaign.id);
  }
  return stale.length;
}

async function askMailbox(deps: SendDeps, userId: number, messageId: string | null): Promise<boolean | null> {
  if (!messageId) return false; // never claimed a Message-ID, so it never reached a provider
  const user = await findUser(deps.db, userId);
  if (!user) return null;
  try {
    const mailbox = await mailboxFor(deps, user, await latestProvider(deps.db, userId));
    return (await mailbox.transport.findSent?.(messageId)) ?? null;
  } catch {
    return null;
  }
}

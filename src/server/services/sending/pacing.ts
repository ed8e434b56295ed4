import { takeSendTurn } from '../../queries/mailboxes';
import type { SendDeps } from './sender';

/** Longest a send waits in-process for its mailbox's turn before handing back to the queue. */
const MAX_TURN_WAIT_MS = 2_000;

/**
 * Takes the mailbox's send turn (a slot every `60 000 / perMinute` ms, shared by all workers
 * through `mailboxes.next_send_at`), waiting briefly in-process when it frees up soon. Returns null
 * once the turn is ours, or when to try again (the email then goes back to the queue until then).
 */
export async function waitForSendTurn(
  deps: SendDeps,
  mailboxId: number,
  perMinute: number,
): Promise<Date | null> {
  const spacingMs = 60_000 / perMinute;
  const giveUpAt = Date.now() + MAX_TURN_WAIT_MS;
  for (;;) {
    const next = await takeSendTurn(deps.db, mailboxId, spacingMs);
    if (!next) return null;
    const wait = next.getTime() - Date.now();
    if (Date.now() + wait > giveUpAt) return next;
    // Jitter, so sends waiting for one mailbox do not all ask again at the same instant.
    await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 0) + Math.random() * 10));
  }
}

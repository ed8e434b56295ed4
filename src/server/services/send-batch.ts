import pLimit from 'p-limit';
import { DAILY_LIMIT_WITH_UNSUBSCRIBE, DAILY_LIMIT_WITHOUT_UNSUBSCRIBE } from '../../contract/limits';
import { calendarDay } from '../lib/calendar-day';
import { morningOf } from '../lib/send-days';
import { MailAuthError } from '../mail/mail-errors';
import {
  type ClaimedForSending,
  claimManyForSending,
  queuedOwners,
  type SentEmail,
  settleManySending,
  settleManySent,
} from '../queries/email-sending';
import { deliverManyToOutbox } from '../queries/outbox';
import { takeSendQuotaUpTo } from '../queries/send-quota';
import { unsubscribedAmong } from '../queries/unsubscribes';
import { composeCampaignEmails, fromAddressOf, messageIdDomain } from './campaign-message';
import { refreshCampaignSendStatus } from './campaign-send-status';
import { sendQueuedEmail } from './send-email';
import {
  afterSending,
  type FailedSend,
  type FailureSettlement,
  pause,
  type SendRetry,
  settleFailedSends,
} from './send-failures';
import { pacingOf, type SendDeps, type Sender, senderOf, transportOf } from './sender';
import { UNSUBSCRIBED_MESSAGE } from './suppression';

/** Emails to send again later, and when to ask a Sent folder about sends of unknown outcome. */
export type BatchResult = { retries: SendRetry[]; reconcileAt: Date | null };

/**
 * Emails claimed and sent together. Small enough that a crash leaves few emails for
 * reconciliation, large enough that the database sees a handful of statements per hundred emails.
 */
const CHUNK_SIZE = 100;
/** Chunks in flight at once, so one chunk's database work overlaps another's sending. */
const CHUNKS_AT_ONCE = 4;
/** Paced mailboxes send one email per job; this many such jobs run at once. */
const PACED_AT_ONCE = 16;

/**
 * Sends the queued emails among `emailIds` (the jobs pg-boss fetched together) and returns those
 * to try again later. Paced mailboxes go one email at a time through sendQueuedEmail, which waits
 * for each send turn. Other mailboxes send a chunk at a time, with the same guarantees as the
 * one-email path: a conditional claim that stores each Message-ID first, suppression and quota
 * checked at send time, and settling only from `sending`.
 */
export async function sendQueuedBatch(deps: SendDeps, emailIds: number[]): Promise<BatchResult> {
  const owners = await queuedOwners(deps.db, emailIds);
  const idsByUser = new Map<number, number[]>();
  for (const { id, userId } of owners) {
    const ids = idsByUser.get(userId);
    if (ids) ids.push(id);
    else idsByUser.set(userId, [id]);
  }
  const paced: number[] = [];
  const chunks: { sender: Sender; ids: number[] }[] = [];
  for (const [userId, ids] of idsByUser) {
    let sender: Sender | null;
    try {
      sender = await senderOf(deps, userId);
    } catch (err) {
      if (!(err instanceof MailAuthError)) throw err;
      await pause(deps, userId);
      continue;
    }
    if (!sender) continue;
    if (pacingOf(deps, sender)) paced.push(...ids);
    else
      for (let i = 0; i < ids.length; i += CHUNK_SIZE)
        chunks.push({ sender, ids: ids.slice(i, i + CHUNK_SIZE) });
  }

  const result: BatchResult = { retries: [], reconcileAt: null };
  const noteReconcile = (at: Date | null) => {
    if (at && (!result.reconcileAt || at > result.reconcileAt)) result.reconcileAt = at;
  };
  const pacedLimit = pLimit(PACED_AT_ONCE);
  const chunkLimit = pLimit(CHUNKS_AT_ONCE);
  await Promise.all([
    ...paced.map((emailId) =>
      pacedLimit(async () => {
        const outcome = await sendQueuedEmail(deps, emailId);
        if (outcome.kind === 'retry') result.retries.push({ emailId, at: outcome.retryAt });
        if (outcome.kind === 'deferred') result.retries.push({ emailId, at: outcome.deferUntil });
        if (outcome.kind === 'unknown') noteReconcile(outcome.reconcileAt);
      }),
    ),
    ...chunks.map(({ sender, ids }) =>
      chunkLimit(async () => {
        const settled = await sendChunk(deps, sender, ids);
        result.retries.push(...settled.retries);
        noteReconcile(settled.reconcileAt);
      }),
    ),
  ]);
  return result;
}

async function sendChunk(deps: SendDeps, sender: Sender, emailIds: number[]): Promise<FailureSettlement> {
  const { db } = deps;
  const { user } = sender;
  const claimed = await claimManyForSending(db, emailIds, messageIdDomain(deps));
  if (claimed.length === 0) return { retries: [], reconcileAt: null, paused: false };

  const suppressed = await unsubscribedAmong(
    db,
    user.id,
    claimed.map((c) => c.recipientEmail),
  );
  const unsubscribed = claimed.filter((c) => suppressed.has(c.recipientEmail.toLowerCase()));
  await settleManySending(
    db,
    unsubscribed.map((c) => c.id),
    { status: 'unsubscribed', errorMessage: UNSUBSCRIBED_MESSAGE },
  );

  // The daily allowance, taken for the whole chunk at once; what does not fit waits for tomorrow morning.
  const day = calendarDay(user.timeZone);
  const allowed: ClaimedForSending[] = [];
  for (const withLink of [true, false]) {
    const group = claimed.filter(
      (c) => c.withLink === withLink && !suppressed.has(c.recipientEmail.toLowerCase()),
    );
    if (group.length === 0) continue;
    const limit = withLink ? DAILY_LIMIT_WITH_UNSUBSCRIBE : DAILY_LIMIT_WITHOUT_UNSUBSCRIBE;
    const granted = await takeSendQuotaUpTo(db, user.id, day, withLink, limit, group.length);
    allowed.push(...group.slice(0, granted));
    await settleManySending(
      db,
      group.slice(granted).map((c) => c.id),
      { status: 'scheduled', scheduledFor: morningOf(user.timeZone, 1) },
    );
  }

  const transport = sender.mailbox.transport;
  const fromEmail = fromAddressOf(sender);
  // The chunk is composed as one group, so chunks in flight at once take turns on the compose
  // threads and go out one after another instead of all finishing together.
  const raws = await composeCampaignEmails(
    deps,
    sender,
    allowed.map((email) => ({
      email,
      recipientEmail: email.recipientEmail,
      unsubscribe: { withLink: email.withLink, footer: email.unsubscribeMessage },
    })),
  );
  const attempts = await Promise.all(
    allowed.map(async (email, i) => {
      const raw = raws[i] as string;
      if (transport === 'outbox') return { email, raw, providerMessageId: null };
      try {
        const result = await transport.send({
          raw,
          from: fromEmail,
          to: email.recipientEmail,
          messageId: email.messageId,
        });
        return { email, raw, providerMessageId: result.providerMessageId };
      } catch (error) {
        return { email, raw, error };
      }
    }),
  );

  const sent: (SentEmail & { email: ClaimedForSending })[] = [];
  const failed: FailedSend[] = [];
  for (const a of attempts) {
    if ('error' in a) failed.push({ email: a.email, error: a.error, raw: a.raw });
    else sent.push({ id: a.email.id, providerMessageId: a.providerMessageId, raw: a.raw, email: a.email });
  }
  // From here on the messages are out: their rows must say so even if PostgreSQL restarts now.
  const persist = afterSending(deps);
  if (transport === 'outbox') {
    await persist(() =>
      deliverManyToOutbox(
        db,
        user.id,
        sent.map((s) => ({
          emailId: s.id,
          messageId: s.email.messageId,
          recipient: s.email.recipientEmail,
          subject: s.email.subject,
          raw: s.raw,
        })),
      ),
    );
  } else {
    await persist(() => settleManySent(db, sent, transport.kind));
  }
  if (sent.length) deps.metrics.emailsSent.inc({ transport: transportOf(sender) }, sent.length);

  const settled = await settleFailedSends(deps, sender, day, failed);
  for (const campaignId of new Set(claimed.map((c) => c.campaignId)))
    await persist(() => refreshCampaignSendStatus(db, campaignId));
  return settled;
}

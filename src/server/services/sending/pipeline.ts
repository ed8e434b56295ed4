import pLimit from 'p-limit';
import { calendarDay } from '../../lib/calendar-day';
import { morningOf, openingOf, startOfDay } from '../../lib/send-days';
import { MailAuthError } from '../../mail/mail-errors';
import {
  type ClaimedForSending,
  claimManyForSending,
  postponeSending,
  type SentEmail,
  settleManySent,
  settleSending,
} from '../../queries/email-sending';
import { assignMailboxes } from '../../queries/mailbox-assignment';
import { refundSendQuotaMany, takeSendQuotaUpTo } from '../../queries/send-quota';
import { composeCampaignEmails, fromAddressOf, messageIdDomain, subjectOf } from './campaign-message';
import { refreshCampaignSendStatus } from './campaign-send-status';
import {
  afterSending,
  type FailedSend,
  pause,
  type SendFollowUps,
  type SendRetry,
  settleFailedSends,
} from './failures';
import { waitForSendTurn } from './pacing';
import { dailyLimitOf, pacingOf, type SendDeps, type Sender, type SendingMailbox, senderOf } from './sender';
import { UNSUBSCRIBED_MESSAGE } from './suppression';

/**
 * Emails claimed and sent together by an unpaced mailbox. Small enough that a crash leaves few
 * emails for reconciliation, large enough that the database sees a handful of statements per
 * hundred emails. A paced mailbox sends chunks of one, each after its turn.
 */
const CHUNK_SIZE = 100;
/** Unpaced chunks in flight at once, so one chunk's database work overlaps another's sending. */
const CHUNKS_AT_ONCE = 4;
/** Paced chunks (one email each) in flight at once, most of them waiting for their turn. */
const PACED_AT_ONCE = 16;
/** An email whose recipient could be given no mailbox (none usable yet) is tried again after this. */
const NO_MAILBOX_RETRY_MS = 60_000;

type Chunk = { sender: Sender; ids: number[]; perMinute: number | undefined };

/**
 * The send pipeline, for every mailbox and every transport: the queued emails among `emailIds`
 * (the jobs pg-boss fetched together) go through claim (suppression and stop rules included) →
 * quota → compose → (pacing turn) → transport → settle, a chunk at a time. Returns the emails to
 * try again later.
 */
export async function sendQueuedBatch(deps: SendDeps, emailIds: number[]): Promise<SendFollowUps> {
  const queued = await assignMailboxes(deps.db, emailIds);
  const result: SendFollowUps = { retries: [], reconcileAt: null };
  // One sender per mailbox and workspace: the mailbox's login and limit, the workspace's footer.
  const groups = new Map<string, SendingMailbox & { ids: number[] }>();
  for (const { id, workspaceId, mailboxId } of queued) {
    if (mailboxId === null) {
      result.retries.push({ emailId: id, at: new Date(Date.now() + NO_MAILBOX_RETRY_MS) });
      continue;
    }
    const key = `${mailboxId}/${workspaceId}`;
    const group = groups.get(key);
    if (group) group.ids.push(id);
    else groups.set(key, { mailboxId, workspaceId, ids: [id] });
  }
  const chunks: Chunk[] = [];
  for (const group of groups.values()) {
    let sender: Sender | null;
    try {
      sender = await senderOf(deps, group);
    } catch (err) {
      if (!(err instanceof MailAuthError)) throw err;
      // Its emails stay queued until the mailbox has working credentials again.
      await pause(deps, group.mailboxId);
      continue;
    }
    // A mailbox Tailor paused (too many bounces): its emails stay queued until its owner resumes it.
    if (!sender || sender.mailbox.row.pausedAt) continue;
    const perMinute = pacingOf(deps, sender);
    const size = perMinute ? 1 : CHUNK_SIZE;
    for (let i = 0; i < group.ids.length; i += size)
      chunks.push({ sender, ids: group.ids.slice(i, i + size), perMinute });
  }

  const limits = { paced: pLimit(PACED_AT_ONCE), unpaced: pLimit(CHUNKS_AT_ONCE) };
  const touched = new Set<number>();
  const outcomes = await Promise.allSettled(
    chunks.map((chunk) =>
      limits[chunk.perMinute ? 'paced' : 'unpaced'](async () => {
        const settled = await sendChunk(deps, chunk, touched);
        result.retries.push(...settled.retries);
        if (settled.reconcileAt && (!result.reconcileAt || settled.reconcileAt > result.reconcileAt))
          result.reconcileAt = settled.reconcileAt;
      }),
    ),
  );
  // Each campaign's status once the batch's chunks are done, not once per chunk: a campaign's
  // emails fill several chunks of a batch, and only the last refresh would count.
  const persist = afterSending(deps);
  for (const campaignId of touched) await persist(() => refreshCampaignSendStatus(deps.db, campaignId));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return result;
}

/**
 * One chunk of one sender's emails, exactly once: the queued → sending claim is a conditional
 * update that stores each Message-ID before any provider is called, suppression (in that same
 * update) and the daily quota are checked at send time, and every later write is conditional on
 * `sending`. Adds the campaigns whose emails it settled to `touched` (their status is refreshed
 * after the batch).
 */
async function sendChunk(
  deps: SendDeps,
  { sender, ids, perMinute }: Chunk,
  touched: Set<number>,
): Promise<SendFollowUps> {
  const { db } = deps;
  const { user } = sender;
  // Suppressed recipients and stopped follow-ups are settled by the claim itself; they count
  // for the campaign's status all the same.
  const settled = await claimManyForSending(db, ids, messageIdDomain(deps), UNSUBSCRIBED_MESSAGE);
  if (settled.length === 0) return { retries: [], reconcileAt: null };
  for (const { campaignId } of settled) touched.add(campaignId);
  const claimed = settled.filter((c) => c.outcome === 'sending');
  const day = calendarDay(user.timeZone);
  const persist = afterSending(deps);

  // Outside the mailbox's sending hours, its emails wait for their next opening, tried then.
  const opensAt = closedUntil(sender);
  if (opensAt && claimed.length > 0) {
    await postponeSending(
      db,
      claimed.map((c) => c.id),
      opensAt,
    );
    return { retries: [], reconcileAt: null };
  }
  const allowed = await withinQuota(deps, sender, day, claimed);
  const raws = await composeCampaignEmails(
    deps,
    sender,
    allowed.map((email) => ({
      email,
      recipientEmail: email.recipientEmail,
      unsubscribe: { withLink: email.withLink, footer: email.unsubscribeMessage },
    })),
  );

  // The mailbox's turn is taken last, right before the provider call, so the spacing holds where
  // it matters: between requests reaching the provider. A paced chunk holds one email.
  if (perMinute && allowed.length > 0) {
    const notBefore = await waitForSendTurn(deps, sender.mailbox.row.id, perMinute);
    if (notBefore)
      return { retries: await handBack(deps, sender, day, allowed, notBefore), reconcileAt: null };
  }

  const transport = sender.mailbox.transport;
  const from = fromAddressOf(sender);
  const attempts = await Promise.all(
    allowed.map(async (email, i) => {
      const raw = raws[i] as string;
      try {
        const { providerMessageId, providerThreadId = null } = await transport.send({
          raw,
          from,
          to: email.recipientEmail,
          messageId: email.messageId,
          subject: subjectOf(email),
          emailId: email.id,
          providerThreadId: email.thread?.providerThreadId ?? null,
          inReplyTo: email.thread?.messageIds.at(-1) ?? null,
          answers: email.thread?.answers ?? null,
        });
        return { email, raw, providerMessageId, providerThreadId };
      } catch (error) {
        return { email, raw, error };
      }
    }),
  );
  const sent: SentEmail[] = [];
  const failed: FailedSend[] = [];
  for (const a of attempts) {
    if ('error' in a) failed.push({ email: a.email, error: a.error, raw: a.raw });
    else
      sent.push({
        id: a.email.id,
        providerMessageId: a.providerMessageId,
        providerThreadId: a.providerThreadId,
        raw: a.raw,
      });
  }
  // From here on the messages are out: their rows must say so even if PostgreSQL restarts now.
  await persist(() => settleManySent(db, sent, transport.kind));
  if (sent.length) deps.metrics.emailsSent.inc({ transport: transport.kind }, sent.length);

  return settleFailedSends(deps, sender, day, failed);
}

/** When the mailbox's sending hours open next, or null while they are open (or it has none). */
function closedUntil({ mailbox, user }: Sender): Date | null {
  const hours = mailbox.row.sendingHours;
  if (!hours) return null;
  const now = new Date();
  const opens = openingOf(hours, user.timeZone, now);
  return opens > now ? opens : null;
}

/**
 * Where what did not fit today's limit goes: the mailbox's first opening tomorrow, else 09:00
 * tomorrow in the owner's zone.
 */
function nextDayOf({ mailbox, user }: Sender): Date {
  const hours = mailbox.row.sendingHours;
  return hours ? openingOf(hours, user.timeZone, startOfDay(user.timeZone, 1)) : morningOf(user.timeZone, 1);
}

/**
 * Takes today's allowance of the mailbox for the emails at once (per kind of limit: with or
 * without the unsubscribe link); what does not fit waits for tomorrow morning in the owner's zone (a follow-up,
 * for its sending window from then on).
 */
async function withinQuota(deps: SendDeps, sender: Sender, day: string, emails: ClaimedForSending[]) {
  const allowed: ClaimedForSending[] = [];
  for (const withLink of [true, false]) {
    const group = emails.filter((c) => c.withLink === withLink);
    if (group.length === 0) continue;
    const limit = dailyLimitOf(sender, withLink);
    const granted = await takeSendQuotaUpTo(
      deps.db,
      sender.mailbox.row.id,
      day,
      withLink,
      limit,
      group.length,
    );
    allowed.push(...group.slice(0, granted));
    await postponeSending(
      deps.db,
      group.slice(granted).map((c) => c.id),
      nextDayOf(sender),
    );
  }
  return allowed;
}

/**
 * The mailbox's turn is too far off: the emails go back to the queue until `notBefore`, their
 * quota returned and this attempt not counted, since nothing was tried.
 */
async function handBack(
  deps: SendDeps,
  sender: Sender,
  day: string,
  emails: ClaimedForSending[],
  notBefore: Date,
): Promise<SendRetry[]> {
  for (const withLink of [true, false])
    await refundSendQuotaMany(
      deps.db,
      sender.mailbox.row.id,
      day,
      withLink,
      emails.filter((e) => e.withLink === withLink).length,
    );
  for (const email of emails)
    await settleSending(deps.db, email.id, { status: 'queued', attempts: email.attempts - 1 });
  return emails.map((email) => ({ emailId: email.id, at: notBefore }));
}

import type { AnswerThread, ThreadAnswer, ThreadItem } from '../../../contract/answer-thread';
import { replySubject } from '../../../contract/campaigns';
import { roleAllows } from '../../../contract/workspaces';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import {
  ANSWER_IN_FLIGHT,
  type AnswerRow,
  type AnswerTarget,
  answerById,
  answerTargetOf,
  conversationOf,
  insertAnswer,
  stopScheduledAnswers,
} from '../../queries/answers';
import type { Member } from '../../queries/workspaces';
import { futureTime } from '../email-actions';
import { sanitizeRichText } from '../sanitize-html';
import { presentInbound } from './email-events';

/**
 * Answering a reply in its thread (docs/product.md §16). The answer is an email of the reply's
 * campaign and recipient (step 0), queued through the one send pipeline: it leaves from the
 * mailbox the reply arrived in, in the reply's thread, after the suppression check, under that
 * mailbox's daily limit and sending hours, exactly once. One answer per reply.
 */
export async function answerThreadOf(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  member: Member,
  inboundId: number,
): Promise<AnswerThread> {
  const target = await answerTargetOf(ctx.db, member.workspaceId, inboundId);
  if (!target) throw notFound('Answer');
  const reason = whyNot(member, target);
  const items: ThreadItem[] = [];
  let heldUntil: string | null = null;
  if (target.recipientId !== null) {
    const { sent, inbound, answers } = await conversationOf(ctx.db, target.recipientId);
    for (const e of sent)
      items.push({
        type: 'sent',
        emailId: e.id,
        step: e.step,
        subject: e.subject,
        body: e.body,
        at: (e.sentAt ?? e.createdAt).toISOString(),
      });
    const today = ctx.clock().toISOString().slice(0, 10);
    for (const m of inbound) {
      items.push({ type: 'inbound', at: m.receivedAt.toISOString(), message: presentInbound(m) });
      const until = m.category === 'not-now' ? m.notNowUntil : null;
      if (until && until > today && (!heldUntil || until > heldUntil)) heldUntil = until;
    }
    for (const a of answers) items.push({ type: 'answer', at: answerTime(a), answer: presentAnswer(a) });
    // An answer comes after the reply it answers whatever the clocks say (a reply's time is its
    // server's, or its writer's Date header).
    const replyTimes = new Map(inbound.map((m) => [m.id, m.receivedAt.toISOString()]));
    const placed = (item: ThreadItem) => {
      if (item.type !== 'answer') return item.at;
      const replied = replyTimes.get(item.answer.inboundId);
      return replied && replied > item.at ? replied : item.at;
    };
    items.sort((a, b) => (placed(a) < placed(b) ? -1 : placed(a) > placed(b) ? 1 : 0));
  }
  return {
    items,
    answer: target.answer ? presentAnswer(target.answer) : null,
    heldUntil,
    canAnswer: reason === null,
    cannotAnswerReason: reason,
    subject: subjectOf(target),
    from: target.mailboxAddress,
    to: target.recipientEmail,
  };
}

/**
 * Sends the member's answer to this reply, now or at `sendAt` (the follow-up a "not now" reply
 * offers for its date): queued with its send job in one transaction, or scheduled for the release.
 */
export async function answerInThread(
  ctx: Pick<AppContext, 'db' | 'sendQueue'>,
  member: Member,
  inboundId: number,
  written: { body: string; sendAt?: string | null | undefined },
): Promise<ThreadAnswer> {
  const target = await answerTargetOf(ctx.db, member.workspaceId, inboundId);
  if (!target) throw notFound('Answer');
  const reason = whyNot(member, target);
  if (reason) throw new AppError(reason === NOT_YOURS ? 'forbidden' : 'conflict', reason);
  const { campaignId, recipientId } = target;
  if (campaignId === null || recipientId === null) throw new AppError('conflict', NO_EMAIL);
  const sendAt = written.sendAt ? futureTime(written.sendAt) : null;
  const answer = {
    target: { ...target, campaignId, recipientId },
    subject: subjectOf(target),
    // The same rich text the editors allow: the thread shows it in the app, and it goes as written.
    body: sanitizeRichText(written.body),
    by: member.userId,
    sendAt,
  };
  let id: number | null | undefined;
  if (sendAt) {
    id = await ctx.db.transaction((tx) => insertAnswer(tx, answer));
    if (id !== null) await ctx.sendQueue.releaseAt(sendAt);
  } else {
    [id] = await ctx.sendQueue.queueAndSend(ctx.db, async (tx) => {
      const stored = await insertAnswer(tx, answer);
      return stored === null ? [] : [stored];
    });
  }
  // Someone else answered a moment before: their answer is on its way.
  if (id == null)
    throw new AppError('conflict', 'Another answer to this reply is on its way: see its thread');
  const row = await answerById(ctx.db, id);
  if (!row) throw notFound('Answer');
  return presentAnswer(row);
}

/**
 * Cancels the reply's answer waiting for a later time: stopped, and never sent. Only the
 * mailbox's owner, who would send it, can; 409 when none waits.
 */
export async function cancelScheduledAnswer(
  ctx: Pick<AppContext, 'db'>,
  member: Member,
  inboundId: number,
): Promise<ThreadAnswer> {
  const target = await answerTargetOf(ctx.db, member.workspaceId, inboundId);
  if (!target) throw notFound('Answer');
  if (target.inbound.userId !== member.userId) throw new AppError('forbidden', NOT_YOURS);
  const [id] = await stopScheduledAnswers(ctx.db, inboundId, 'Cancelled before it was sent');
  if (id === undefined) throw new AppError('conflict', 'No answer to this reply is waiting to be sent');
  const row = await answerById(ctx.db, id);
  if (!row) throw notFound('Answer');
  return presentAnswer(row);
}

const NOT_YOURS = "This reply arrived in a teammate's mailbox: only they can answer from it";
const NO_EMAIL = "This message quotes none of the workspace's emails: answer it from the mailbox";

/** Why the member cannot answer this reply now, in the page's words; null when they can. */
function whyNot(member: Member, target: AnswerTarget): string | null {
  if (target.campaignId === null) return NO_EMAIL;
  if (target.inbound.kind !== 'reply') return "Only a person's reply can be answered here";
  if (!roleAllows(member.role, 'sender')) return 'Senders and owners answer replies here';
  if (target.inbound.userId !== member.userId) return NOT_YOURS;
  if (target.suppressed) return 'The recipient is on the suppression list: nothing more is sent to them';
  const inFlight = target.answers.find((a) => (ANSWER_IN_FLIGHT as readonly string[]).includes(a.status));
  if (inFlight?.status === 'unknown')
    return "Whether the last answer arrived is unknown: settle it (look in the mailbox's Sent folder) before writing again";
  if (inFlight) return 'An answer to this reply is on its way';
  return null;
}

/** "Re: " and the first email's subject: Gmail joins a thread only when the subject matches too. */
function subjectOf(target: AnswerTarget) {
  return replySubject(target.firstSubject ?? target.inbound.subject);
}

function answerTime(a: AnswerRow) {
  return (a.sentAt ?? a.createdAt).toISOString();
}

export function presentAnswer(a: AnswerRow): ThreadAnswer {
  return {
    emailId: a.id,
    inboundId: a.answersInboundId!,
    subject: a.subject,
    body: a.body,
    status: a.status,
    errorMessage: a.errorMessage,
    scheduledFor: a.scheduledFor?.toISOString() ?? null,
    sentAt: a.sentAt?.toISOString() ?? null,
    sentBy: a.writtenBy !== null && a.writerName ? { id: a.writtenBy, name: a.writerName } : null,
    createdAt: a.createdAt.toISOString(),
  };
}

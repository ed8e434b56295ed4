import type { InboundKind } from '../../../contract/conversations';
import type { Db } from '../../db/client';
import {
  insertInboundMessage,
  markBounced,
  markReplied,
  type SentEmailRef,
  sentEmailByMessageIds,
  sentEmailInThread,
} from '../../queries/inbound-messages';
import { insertUnsubscribe } from '../../queries/unsubscribes';
import { type Classification, classifyInbound } from './classify';
import { type InboundMessage, referencedMessageIds } from './inbound-message';

/** The mailbox a message was read from: its owner and the address campaigns are sent from. */
export type Mailbox = { userId: number; address: string };

/**
 * Where in the mailbox the message is: a key unique within it, when it arrived, a link to it, and
 * the provider's thread it is in (Gmail), which matches it to our email when its headers name none.
 */
export type InboundSource = { key: string; receivedAt: Date; link: string | null; threadId?: string };

export type RecordOutcome =
  | { recorded: true; kind: InboundKind; emailId: number | null }
  | { recorded: false; why: 'ignored' | 'not ours' | 'already recorded'; detail?: string };

const SUBJECT_LIMIT = 500;

/**
 * Records what an inbound message means for the emails we sent (docs/product.md §12): a reply
 * marks its email replied, a bounce marks it bounced (a hard one also suppresses the address), an
 * emailed unsubscribe request suppresses its sender, an auto-reply is kept but is not a reply.
 * Messages that refer to none of the user's sent emails are not stored at all. The record and its
 * effects are one transaction keyed by the source, so reading a message again (after a crash, on
 * a second worker) changes nothing.
 */
export async function recordInbound(
  db: Db,
  mailbox: Mailbox,
  source: InboundSource,
  msg: InboundMessage,
  /** The sent email it answers, when the caller already looked it up (a batch at a time). */
  known?: { email: SentEmailRef | null },
): Promise<RecordOutcome> {
  const verdict = classifyInbound(msg, { address: mailbox.address });
  if (verdict.kind === 'ignored') return { recorded: false, why: 'ignored', detail: verdict.reason };
  const email = known
    ? known.email
    : ((await sentEmailByMessageIds(db, mailbox.userId, referencedMessageIds(msg))) ??
      (source.threadId ? await sentEmailInThread(db, mailbox.userId, source.threadId) : null));
  // An unsubscribe request stands on its own: whoever asks is not written to again.
  if (!email && verdict.kind !== 'unsubscribe-request') return { recorded: false, why: 'not ours' };

  return db.transaction(async (tx) => {
    const fresh = await insertInboundMessage(tx, {
      userId: mailbox.userId,
      emailId: email?.id ?? null,
      sourceKey: source.key,
      kind: verdict.kind,
      ...bounceFields(verdict),
      fromAddress: msg.from?.address ?? null,
      fromName: msg.from?.name || null,
      subject: msg.subject.slice(0, SUBJECT_LIMIT),
      snippet: verdict.kind === 'reply' ? verdict.snippet : '',
      link: source.link,
      receivedAt: source.receivedAt,
    });
    if (!fresh) return { recorded: false, why: 'already recorded' } as const;
    await applyEffects(tx, mailbox.userId, verdict, email, source.receivedAt);
    return { recorded: true, kind: verdict.kind, emailId: email?.id ?? null } as const;
  });
}

async function applyEffects(
  db: Db,
  userId: number,
  verdict: Exclude<Classification, { kind: 'ignored' }>,
  email: SentEmailRef | null,
  at: Date,
) {
  if (verdict.kind === 'reply' && email) await markReplied(db, email.id, at);
  if (verdict.kind === 'bounce' && email) {
    await markBounced(db, email.id, verdict.severity, at);
    // The address we sent to, which the report may spell differently (or not name at all).
    if (verdict.severity === 'hard') {
      await insertUnsubscribe(db, {
        userId,
        email: email.recipientEmail,
        campaignId: email.campaignId,
        emailId: email.id,
        reason: 'bounced',
      });
    }
  }
  if (verdict.kind === 'unsubscribe-request') {
    await insertUnsubscribe(db, {
      userId,
      email: verdict.address,
      campaignId: email?.campaignId ?? null,
      emailId: email?.id ?? null,
      reason: 'email request',
    });
  }
}

function bounceFields(verdict: Classification) {
  if (verdict.kind !== 'bounce') return {};
  return { bounceKind: verdict.severity, bounceStatus: verdict.status, bounceDiagnostic: verdict.diagnostic };
}

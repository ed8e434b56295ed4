import type { InboundKind } from '../../../contract/conversations';
import type { Db } from '../../db/client';
import {
  inboundKey,
  insertInboundMessages,
  markBounced,
  markReplied,
  type NewInboundMessage,
  type SentEmailRef,
  sentEmailByMessageIds,
  sentEmailInThread,
} from '../../queries/inbound-messages';
import { pauseMailboxesOverBounceRate } from '../../queries/mailboxes';
import { postponeFollowUps, stopFollowUpsAfter } from '../../queries/sequences';
import { findEmailsByTrackingTokens } from '../../queries/tracking-tokens';
import { insertUnsubscribe } from '../../queries/unsubscribes';
import { sendingWorkspacesOf } from '../../queries/workspaces';
import { type AnswerReader, categorizeUnplaced } from './ai-category';
import { SNIPPET_LENGTH } from './classify';
import { type InboundMessage, referencedMessageIds } from './inbound-message';
import { type RuledCategory, ruledCategory } from './reply-category';
import { personText } from './reply-text';
import { unsubscribeTokenOf } from './unsubscribe-token';
import { type Verdict as Judged, judgeInbound } from './verdict';

/** The mailbox a message was read from: its owner and the address campaigns are sent from. */
/** `mailboxId`: the mailbox set up in Tailor; null (or left out) for the deployment's IMAP_URL one. */
export type Mailbox = { userId: number; address: string; mailboxId?: number | null };

/**
 * Where in the mailbox the message is: a key unique within it, when it arrived, a link to it, and
 * the provider's thread it is in (Gmail), which matches it to our email when its headers name none.
 */
export type InboundSource = {
  key: string;
  receivedAt: Date;
  link: string | null;
  threadId?: string;
  /** Where to read it again: `gmail:<id>`, `graph:<id>` or `imap:<uidvalidity>:<uid>`. */
  ref?: string;
};

export type RecordOutcome =
  | { recorded: true; kind: InboundKind; emailId: number | null }
  | { recorded: false; why: 'ignored' | 'not ours' | 'already recorded'; detail?: string };

const SUBJECT_LIMIT = 500;

/** A message to record, with the sent email it answers when there is one. */
export type InboundItem = {
  mailbox: Mailbox;
  source: InboundSource;
  msg: InboundMessage;
  email: SentEmailRef | null;
};

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
  reader?: AnswerReader,
): Promise<RecordOutcome> {
  const email =
    (await sentEmailByMessageIds(db, mailbox.userId, referencedMessageIds(msg))) ??
    (source.threadId ? await sentEmailInThread(db, mailbox.userId, source.threadId) : null);
  const [outcome] = await recordInboundBatch(db, [{ mailbox, source, msg, email }], reader);
  return outcome!;
}

/**
 * recordInbound for many messages whose sent emails are already looked up, in one transaction:
 * the records in one statement and the replies in another, so a batch costs a few statements
 * rather than a few per message. Outcomes come in the order of `items`; of two items with the same
 * source, the first is recorded.
 */
export async function recordInboundBatch(
  db: Db,
  items: InboundItem[],
  reader?: AnswerReader,
): Promise<RecordOutcome[]> {
  const outcomes: RecordOutcome[] = [];
  const toStore: Entry[] = [];
  const tokenEmails = await emailsOfTokens(db, items);
  items.forEach((original, at) => {
    const tokenEmail = tokenEmails[at] ?? null;
    const verdict = judgeInbound(
      original.msg,
      { address: original.mailbox.address },
      original.email,
      tokenEmail,
    );
    // A request carrying its email's token is about that email, whatever else it quotes.
    const item =
      verdict.kind === 'unsubscribe-request' && tokenEmail ? { ...original, email: tokenEmail } : original;
    if (verdict.kind === 'ignored')
      outcomes[at] = { recorded: false, why: 'ignored', detail: verdict.reason };
    // An unsubscribe request stands on its own: whoever asks is not written to again.
    else if (!item.email && verdict.kind !== 'unsubscribe-request')
      outcomes[at] = { recorded: false, why: 'not ours' };
    else toStore.push({ at, item, verdict, ruled: ruledOf(item, verdict) });
  });
  if (toStore.length === 0) return outcomes;

  const stored: Entry[] = [];
  await db.transaction(async (tx) => {
    const fresh = await insertInboundMessages(tx, toStore.map(inboundRow));
    for (const entry of toStore) {
      const key = inboundKey(entry.item.mailbox.userId, entry.item.source.key);
      // Deleted once taken, so a second item with the same source counts as recorded before.
      if (fresh.delete(key)) stored.push(entry);
      else outcomes[entry.at] = { recorded: false, why: 'already recorded' };
    }
    await markReplied(
      tx,
      stored.flatMap(({ item, verdict }) =>
        verdict.kind === 'reply' && item.email
          ? [{ emailId: item.email.id, at: item.source.receivedAt }]
          : [],
      ),
    );
    for (const { at, item, verdict } of stored) {
      await applyOtherEffects(tx, item, verdict);
      outcomes[at] = { recorded: true, kind: verdict.kind, emailId: item.email?.id ?? null };
    }
    // Too many hard bounces in a day pause the mailbox they left from.
    await pauseMailboxesOverBounceRate(
      tx,
      stored.flatMap(({ item, verdict }) =>
        verdict.kind === 'bounce' && verdict.severity === 'hard' && item.email ? [item.email.id] : [],
      ),
    );
    // An out-of-office that names the day its writer is back holds the next follow-up until then.
    for (const { item, verdict } of stored)
      if (verdict.kind === 'auto-reply' && verdict.returnDate && item.email)
        await postponeFollowUps(tx, item.email.id, verdict.returnDate.toISOString().slice(0, 10));
    // A reply, a hard bounce or a left-the-company notice ends the recipient's sequence: their
    // follow-ups stop, with the reason.
    await stopFollowUpsAfter(
      tx,
      stored.flatMap(({ item, verdict }) =>
        item.email &&
        (verdict.kind === 'reply' || verdict.kind === 'bounce' || verdict.kind === 'left-company')
          ? [item.email.id]
          : [],
      ),
    );
  });
  // A person's reply the rules could not place goes to the AI provider when one is set up, after
  // the record is safe: its answer never holds the sync's transaction, and a failure leaves the
  // reply without a category for a person to give it.
  if (reader)
    await categorizeUnplaced(
      db,
      reader,
      stored.flatMap(({ item, verdict, ruled }) =>
        verdict.kind === 'reply' && !ruled
          ? [
              {
                userId: item.mailbox.userId,
                sourceKey: item.source.key,
                subject: item.msg.subject,
                text: personText(item.msg.text),
                receivedAt: item.source.receivedAt,
              },
            ]
          : [],
      ),
    );
  return outcomes;
}

type Entry = { at: number; item: InboundItem; verdict: Verdict; ruled: RuledCategory | null };

function ruledOf(item: InboundItem, verdict: Verdict) {
  return ruledCategory(verdict, item.msg.text, item.msg.date ?? item.source.receivedAt, {
    from: item.msg.from?.address ?? null,
    sender: item.mailbox.address,
  });
}

type Verdict = Exclude<Judged, { kind: 'ignored' }>;

/**
 * The sent email each item's unsubscribe token names (List-Unsubscribe mailto), in one query for
 * the batch: only an email of the mailbox's owner, and only when the message comes from the
 * address that email went to. Only the recipient's own address may take the recipient off the
 * list; any other token changes nothing beyond what the sender's address alone would.
 */
async function emailsOfTokens(db: Db, items: InboundItem[]): Promise<(SentEmailRef | null)[]> {
  const tokens = items.map((item) => (item.msg.from ? (unsubscribeTokenOf(item.msg)?.token ?? null) : null));
  const wanted = [...new Set(tokens.filter((t): t is string => t !== null))];
  if (wanted.length === 0) return tokens.map(() => null);
  const found = new Map((await findEmailsByTrackingTokens(db, wanted)).map((e) => [e.trackingToken, e]));
  return items.map((item, i) => {
    const email = tokens[i] ? found.get(tokens[i]!) : undefined;
    if (!email || email.userId !== item.mailbox.userId || !item.msg.from) return null;
    if (email.recipientEmail.trim().toLowerCase() !== item.msg.from.address.trim().toLowerCase()) return null;
    return {
      id: email.id,
      workspaceId: email.workspaceId,
      campaignId: email.campaignId,
      recipientEmail: email.recipientEmail,
    };
  });
}

function inboundRow({ item, verdict, ruled }: Entry): NewInboundMessage {
  const { mailbox, source, msg, email } = item;
  return {
    userId: mailbox.userId,
    workspaceId: email?.workspaceId ?? null,
    mailboxId: mailbox.mailboxId ?? null,
    providerRef: source.ref ?? null,
    emailId: email?.id ?? null,
    sourceKey: source.key,
    kind: verdict.kind,
    ...bounceFields(verdict),
    fromAddress: msg.from?.address ?? null,
    fromName: msg.from?.name || null,
    subject: msg.subject.slice(0, SUBJECT_LIMIT),
    snippet: verdict.kind === 'reply' ? verdict.snippet : noticeOf(verdict),
    link: source.link,
    ...colleagueFields(verdict, ruled),
    category: ruled?.category ?? null,
    notNowUntil: ruled?.until ? ruled.until.toISOString().slice(0, 10) : null,
    receivedAt: source.receivedAt,
  };
}

/** The colleague to write to instead: named by a "no longer with the company" notice, or by a "wrong person" reply. */
function colleagueFields(verdict: Verdict, ruled: RuledCategory | null) {
  if (verdict.kind === 'left-company')
    return { colleagueName: verdict.colleagueName, colleagueAddress: verdict.colleagueAddress };
  if (ruled?.colleagueAddress) return { colleagueName: null, colleagueAddress: ruled.colleagueAddress };
  return {};
}

/** Bounces and unsubscribe requests, in the order they were read (the first reason given stays). */
async function applyOtherEffects(db: Db, item: InboundItem, verdict: Verdict) {
  const { email } = item;
  const userId = item.mailbox.userId;
  if (verdict.kind === 'bounce' && email) {
    await markBounced(db, email.id, verdict.severity, item.source.receivedAt);
    // The address we sent to, which the report may spell differently (or not name at all).
    if (verdict.severity === 'hard') {
      await insertUnsubscribe(db, {
        workspaceId: email.workspaceId,
        userId,
        email: email.recipientEmail,
        campaignId: email.campaignId,
        emailId: email.id,
        reason: 'bounced',
      });
    }
  }
  if (verdict.kind === 'unsubscribe-request') {
    // A request that names none of our emails came to this mailbox: every workspace its owner
    // sends for stops writing to the address.
    const workspaceIds = email ? [email.workspaceId] : await sendingWorkspacesOf(db, userId);
    for (const workspaceId of workspaceIds) {
      await insertUnsubscribe(db, {
        workspaceId,
        userId,
        email: verdict.address,
        campaignId: email?.campaignId ?? null,
        emailId: email?.id ?? null,
        reason: 'email request',
      });
    }
  }
}

/**
 * Why an unreadable message or an unrelated report changed nothing, in our words, as the snippet
 * the events view shows (nothing of the body is kept).
 */
function noticeOf(verdict: Verdict) {
  let notice = '';
  if (verdict.kind === 'unreadable')
    notice = `Could not be read (${verdict.reason}); not counted as a reply.`;
  if (verdict.kind === 'unrelated-bounce')
    notice = `A delivery report about ${verdict.recipients.join(', ')}, not the address this email went to; changes nothing.`;
  return notice.length <= SNIPPET_LENGTH ? notice : `${notice.slice(0, SNIPPET_LENGTH - 1)}…`;
}

function bounceFields(verdict: Verdict) {
  if (verdict.kind !== 'bounce') return {};
  return { bounceKind: verdict.severity, bounceStatus: verdict.status, bounceDiagnostic: verdict.diagnostic };
}

import pLimit from 'p-limit';
import {
  type GmailHeaders,
  GmailHistoryExpiredError,
  type GmailInbox,
  type GmailMessageRef,
} from '../../mail/gmail-inbox';
import { threadsWithSentEmails } from '../../queries/inbound-messages';
import { CANDIDATE_HEADERS, candidatesAmong, sentEmailLookup } from './candidates';
import { parseRawMessage } from './inbound-message';
import { recordInbound } from './record-inbound';
import { type HeldMailbox, type MailboxSyncDeps, type SyncReport, withSyncLease } from './sync-lease';
import { TOKEN_REQUEST_WORD } from './unsubscribe-token';

/** Where the Gmail sync stopped: the mailbox's history id after the last complete read. */
type GmailCursor = { historyId: string };

export type GmailSyncDeps = MailboxSyncDeps<GmailInbox>;

/** Headers read at once: Gmail allows a user some 250 quota units a second; a get costs 5. */
const PARALLEL_GETS = 8;

/**
 * One sync of a user's Gmail inbox (docs/product.md §12): what was added to the inbox since the
 * stored history id (users.history.list), or, first and when Gmail no longer has that history
 * (404, after about a week), the inbox of the last `rescanDays` days. Headers first
 * (format=metadata); only messages that may be about our emails, or sit in a thread one of our
 * emails started, are read whole (format=raw) and recorded, each once under its Message-ID. The
 * history id moves only once everything up to it was read, so a sync cut short reads again from
 * the same place and records nothing twice.
 */
export async function syncGmailMailbox(deps: GmailSyncDeps): Promise<SyncReport> {
  return withSyncLease<GmailCursor>(deps.db, deps.key, deps.now, deps.leaseMs ?? 5 * 60_000, (held) =>
    readNew(deps, held),
  );
}

async function readNew(deps: GmailSyncDeps, held: HeldMailbox<GmailCursor>) {
  const { inbox } = deps;
  const pageSize = deps.pageSize ?? 500;
  let read = 0;
  let recorded = 0;
  const take = async (messages: GmailMessageRef[]) => {
    read += messages.length;
    recorded += await recordPage(deps, messages);
  };

  if (held.cursor) {
    try {
      const seen = pageTokensSeen();
      let page = await inbox.historySince(held.cursor.historyId, undefined, pageSize);
      await take(page.messages);
      while (seen(page.nextPageToken)) {
        page = await inbox.historySince(held.cursor.historyId, page.nextPageToken, pageSize);
        await take(page.messages);
      }
      await held.save({ historyId: page.historyId });
      return { rescanned: false, read, recorded };
    } catch (err) {
      if (!(err instanceof GmailHistoryExpiredError)) throw err;
    }
  }
  // Taken before the listing, so what arrives while it runs is read by the next sync.
  const historyId = await inbox.historyId();
  const seen = pageTokensSeen();
  let pageToken: string | undefined;
  do {
    const page = await inbox.recent(deps.rescanDays, pageToken, pageSize);
    await take(page.messages);
    pageToken = page.nextPageToken;
  } while (seen(pageToken));
  await held.save({ historyId });
  return { rescanned: true, read, recorded };
}

/**
 * Whether there is a next page: a token is given, and not one given before (a provider that
 * hands back a page it already gave would otherwise keep the sync reading forever).
 */
function pageTokensSeen() {
  const seen = new Set<string>();
  return (token: string | undefined): token is string => {
    if (token === undefined) return false;
    if (seen.has(token))
      throw new Error('Gmail gave the same page twice; the sync stops here and tries again later');
    seen.add(token);
    return true;
  };
}

/** Reads the headers of a page of messages and records the ones about our emails. */
async function recordPage(deps: GmailSyncDeps, refs: GmailMessageRef[]): Promise<number> {
  const { db, inbox, mailbox } = deps;
  const limit = pLimit(PARALLEL_GETS);
  const found = await Promise.all(refs.map((ref) => limit(() => inbox.headers(ref.id, CANDIDATE_HEADERS))));
  const messages = found.filter((m) => m !== null);
  const ourThreads = await threadsWithSentEmails(db, mailbox.userId, [
    ...new Set(messages.map((m) => m.threadId)),
  ]);
  let recorded = 0;
  const candidates = await candidatesAmong(
    sentEmailLookup(db),
    messages,
    (m) => ourThreads.has(m.threadId),
    (rest) => withTokenWord(inbox, rest),
  );
  for (const message of candidates) {
    const raw = await inbox.raw(message.id);
    // A message gone since it was listed, or one the parser cannot read, is passed over.
    const msg = raw ? await parseRawMessage(raw).catch(() => null) : null;
    if (!msg) continue;
    const outcome = await recordInbound(
      db,
      mailbox,
      {
        key: msg.messageId ? `message-id:${msg.messageId}` : `gmail:${message.id}`,
        receivedAt: message.receivedAt,
        link: `https://mail.google.com/mail/?authuser=${encodeURIComponent(mailbox.address)}#all/${message.threadId}`,
        threadId: message.threadId,
        ref: `gmail:${message.id}`,
      },
      msg,
      deps.reader,
    );
    if (outcome.recorded) recorded++;
  }
  return recorded;
}

/**
 * Of messages no header marks, those whose subject or body has the word a request by token writes
 * in its body: one Gmail search over the bodies (on Gmail's side) from the oldest of them on, so
 * only ids come back and only those messages are read whole.
 */
async function withTokenWord(inbox: GmailInbox, rest: GmailHeaders[]): Promise<GmailHeaders[]> {
  const oldest = Math.min(...rest.map((m) => m.receivedAt.getTime()));
  // after: takes whole seconds since the epoch; a second earlier keeps the oldest one in.
  const since = Math.floor(oldest / 1000) - 1;
  const found = await inbox.idsMatching(`${TOKEN_REQUEST_WORD} after:${since}`, 500);
  return rest.filter((m) => found.has(m.id));
}

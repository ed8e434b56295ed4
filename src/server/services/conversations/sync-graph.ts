import { GraphDeltaExpiredError, type GraphInbox, type GraphInboxMessage } from '../../mail/graph-inbox';
import { candidatesAmong, sentEmailLookup } from './candidates';
import { parseRawMessage } from './inbound-message';
import { recordInbound } from './record-inbound';
import { type HeldMailbox, type MailboxSyncDeps, type SyncReport, withSyncLease } from './sync-lease';
import { previewMayCarryToken } from './unsubscribe-token';

/** Where the Outlook sync stopped: the nextLink of a round under way, or the last round's deltaLink. */
type GraphCursor = { link: string };

export type GraphSyncDeps = MailboxSyncDeps<GraphInbox>;

/**
 * One sync of a user's Outlook Inbox (docs/product.md §12) with Graph's delta query: it follows
 * the stored link (a round's next page, or the last round's deltaLink, which lists what arrived
 * since), or, first and when Outlook no longer has that state (410), starts a round over the last
 * `rescanDays` days. Matching is by the In-Reply-To and References headers against our
 * Message-IDs; Graph's conversationId is not trusted on its own (unrelated messages with the same
 * subject have been seen to share one). The link is stored after every page, so a sync cut short
 * resumes at the page it was reading, and each message is recorded once under its Message-ID.
 */
export async function syncGraphMailbox(deps: GraphSyncDeps): Promise<SyncReport> {
  return withSyncLease<GraphCursor>(deps.db, deps.key, deps.now, deps.leaseMs ?? 5 * 60_000, (held) =>
    readNew(deps, held),
  );
}

async function readNew(deps: GraphSyncDeps, held: HeldMailbox<GraphCursor>) {
  const { inbox, now } = deps;
  const pageSize = deps.pageSize ?? 100;
  const startRound = () =>
    inbox.firstPage(new Date(now().getTime() - deps.rescanDays * 86_400_000), pageSize);
  let rescanned = !held.cursor;
  let page = held.cursor
    ? await inbox.follow(held.cursor.link, pageSize).catch((err: unknown) => {
        if (!(err instanceof GraphDeltaExpiredError)) throw err;
        rescanned = true;
        return startRound();
      })
    : await startRound();
  let read = 0;
  let recorded = 0;
  const seen = new Set<string>();
  for (;;) {
    read += page.messages.length;
    recorded += await recordPage(deps, page.messages);
    const link = page.nextLink ?? page.deltaLink;
    if (!link) throw new Error('Microsoft Graph gave neither a next page nor a delta link');
    await held.save({ link });
    if (!page.nextLink) return { rescanned, read, recorded };
    // A provider that hands back a page it already gave would otherwise keep the sync reading forever.
    if (seen.has(page.nextLink))
      throw new Error('Microsoft Graph gave the same page twice; the sync tries again later');
    seen.add(page.nextLink);
    page = await inbox.follow(page.nextLink, pageSize);
  }
}

/** Records the messages of one page that are about our emails, reading only those whole. */
async function recordPage(deps: GraphSyncDeps, messages: GraphInboxMessage[]): Promise<number> {
  const { db, inbox, mailbox } = deps;
  let recorded = 0;
  // A delta takes no $search: a request by token in the body alone shows in the listed preview.
  const candidates = await candidatesAmong(sentEmailLookup(db), messages, undefined, (rest) =>
    rest.filter((m) => previewMayCarryToken(m.preview)),
  );
  for (const message of candidates) {
    const raw = await inbox.mime(message.id);
    // A message gone since it was listed, or one the parser cannot read, is passed over.
    const msg = raw ? await parseRawMessage(raw).catch(() => null) : null;
    if (!msg) continue;
    const source = {
      key: msg.messageId ? `message-id:${msg.messageId}` : `graph:${message.id}`,
      receivedAt: message.receivedAt,
      link: message.webLink,
      ref: `graph:${message.id}`,
    };
    if ((await recordInbound(db, mailbox, source, msg, deps.reader)).recorded) recorded++;
  }
  return recorded;
}

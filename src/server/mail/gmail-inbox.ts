import { foundOrGone, mailErrorFromResponse } from './http-mail-error';
import type { RawHeader } from './imap-inbox';
import { providerCall } from './provider-call';

/** A message id and the thread it belongs to, as Gmail lists them. */
export type GmailMessageRef = { id: string; threadId: string };

export type GmailHeaders = GmailMessageRef & { receivedAt: Date; headers: RawHeader[] };

/** The history id Gmail no longer keeps (it keeps about a week): the caller re-scans instead. */
export class GmailHistoryExpiredError extends Error {
  override name = 'GmailHistoryExpiredError';
}

/**
 * Reads a Gmail mailbox with the Gmail API (scope gmail.readonly): where its history stands, what
 * arrived in the inbox since a history id, what arrived in the last days, a message's headers
 * (format=metadata) and its MIME (format=raw). Nothing here changes the mailbox.
 */
export function gmailInbox(opts: {
  baseUrl: string;
  token(refresh: boolean): Promise<string>;
  timeoutMs: number;
}) {
  const call = providerCall('Gmail', `${opts.baseUrl}/v1/users/me`, opts.token, opts.timeoutMs);
  const get = async <T>(path: string): Promise<T> => {
    const res = await call(path, { method: 'GET' });
    if (!res.ok) throw await mailErrorFromResponse('Gmail', res);
    return (await res.json()) as T;
  };

  return {
    /** The mailbox's current history id: where an incremental sync starts after a full scan. */
    async historyId(): Promise<string> {
      return (await get<{ historyId: string }>('profile')).historyId;
    },

    /**
     * Messages added to the inbox after `startHistoryId`, oldest first, one page at a time, and
     * the history id to continue from once every page is read.
     */
    async historySince(
      startHistoryId: string,
      pageToken: string | undefined,
      pageSize: number,
    ): Promise<{ messages: GmailMessageRef[]; nextPageToken?: string; historyId: string }> {
      const query = new URLSearchParams({
        startHistoryId,
        historyTypes: 'messageAdded',
        labelId: 'INBOX',
        maxResults: String(pageSize),
      });
      if (pageToken) query.set('pageToken', pageToken);
      const res = await call(`history?${query}`, { method: 'GET' });
      // Gmail answers 404 for a start id older than the history it keeps.
      if (res.status === 404) {
        await res.body?.cancel();
        throw new GmailHistoryExpiredError(`Gmail no longer has the history after ${startHistoryId}`);
      }
      if (!res.ok) throw await mailErrorFromResponse('Gmail', res);
      const body = (await res.json()) as {
        history?: { messagesAdded?: { message: GmailMessageRef & { labelIds?: string[] } }[] }[];
        nextPageToken?: string;
        historyId: string;
      };
      const messages = (body.history ?? []).flatMap((h) =>
        (h.messagesAdded ?? [])
          .map((a) => a.message)
          .filter((m) => !m.labelIds || m.labelIds.includes('INBOX'))
          .map(({ id, threadId }) => ({ id, threadId })),
      );
      return { messages, nextPageToken: body.nextPageToken, historyId: body.historyId };
    },

    /** Inbox messages that arrived in the last `days` days, newest first, one page at a time. */
    async recent(
      days: number,
      pageToken: string | undefined,
      pageSize: number,
    ): Promise<{ messages: GmailMessageRef[]; nextPageToken?: string }> {
      const query = new URLSearchParams({
        q: `newer_than:${days}d`,
        labelIds: 'INBOX',
        maxResults: String(pageSize),
      });
      if (pageToken) query.set('pageToken', pageToken);
      const body = await get<{ messages?: GmailMessageRef[]; nextPageToken?: string }>(`messages?${query}`);
      return { messages: body.messages ?? [], nextPageToken: body.nextPageToken };
    },

    /**
     * The ids of every inbox message a Gmail search finds (`q`, the search box's syntax: words are
     * looked for in the subject and the body), all pages read. Only ids come back, never a body.
     */
    async idsMatching(q: string, pageSize: number): Promise<Set<string>> {
      const ids = new Set<string>();
      const tokens = new Set<string>();
      let pageToken: string | undefined;
      do {
        const query = new URLSearchParams({ q, labelIds: 'INBOX', maxResults: String(pageSize) });
        if (pageToken) query.set('pageToken', pageToken);
        const body = await get<{ messages?: GmailMessageRef[]; nextPageToken?: string }>(`messages?${query}`);
        for (const m of body.messages ?? []) ids.add(m.id);
        pageToken = body.nextPageToken;
        // A page given twice would otherwise keep this reading forever.
        if (pageToken && tokens.has(pageToken)) throw new Error('Gmail gave the same search page twice');
        if (pageToken) tokens.add(pageToken);
      } while (pageToken);
      return ids;
    },

    /** The named headers of one message, and when Gmail received it; null when it is gone. */
    async headers(id: string, names: string[]): Promise<GmailHeaders | null> {
      const query = new URLSearchParams({ format: 'metadata' });
      for (const name of names) query.append('metadataHeaders', name);
      const res = await foundOrGone(
        'Gmail',
        await call(`messages/${encodeURIComponent(id)}?${query}`, { method: 'GET' }),
      );
      if (!res) return null;
      const body = (await res.json()) as GmailMessageRef & {
        internalDate?: string;
        payload?: { headers?: RawHeader[] };
      };
      return {
        id: body.id,
        threadId: body.threadId,
        receivedAt: new Date(Number(body.internalDate ?? Date.now())),
        headers: body.payload?.headers ?? [],
      };
    },

    /** The message as MIME; null when it is gone. */
    async raw(id: string): Promise<Buffer | null> {
      const res = await foundOrGone(
        'Gmail',
        await call(`messages/${encodeURIComponent(id)}?format=raw`, { method: 'GET' }),
      );
      if (!res) return null;
      return Buffer.from(((await res.json()) as { raw: string }).raw, 'base64url');
    },
  };
}

export type GmailInbox = ReturnType<typeof gmailInbox>;

import { foundOrGone, mailErrorFromResponse } from './http-mail-error';
import type { RawHeader } from './imap-inbox';
import { providerCall } from './provider-call';

/** An Inbox message as the delta lists it: what the sync needs to decide whether to read it. */
export type GraphInboxMessage = {
  id: string;
  conversationId: string;
  receivedAt: Date;
  /** Opens the message in Outlook on the web. */
  webLink: string | null;
  headers: RawHeader[];
  /** The start of the message's text (Graph's bodyPreview: up to 255 characters), never the whole body. */
  preview: string;
};

/** A delta or skip token Outlook no longer has: the caller starts a new round instead. */
export class GraphDeltaExpiredError extends Error {
  override name = 'GraphDeltaExpiredError';
}

type DeltaPage = { messages: GraphInboxMessage[]; nextLink?: string; deltaLink?: string };

// bodyPreview: a delta takes no $search, so a request by token in the body alone is seen in its preview.
const SELECT =
  'internetMessageId,conversationId,receivedDateTime,subject,from,webLink,internetMessageHeaders,bodyPreview';

/**
 * Reads an Outlook Inbox with Microsoft Graph's delta query (`Mail.Read`): a round lists what is
 * in the Inbox (the first one, from a date) page by page, and its last page gives the link that
 * lists only what arrives after. Each listed message carries its internet headers, so only the
 * messages that may be about our emails are read whole (`$value`, the MIME). Nothing here changes
 * the mailbox.
 */
export function graphInbox(opts: {
  baseUrl: string;
  token(refresh: boolean): Promise<string>;
  timeoutMs: number;
}) {
  const base = `${opts.baseUrl}/v1.0/me`;
  const call = providerCall('Microsoft Graph', base, opts.token, opts.timeoutMs);
  const page = async (path: string, pageSize: number): Promise<DeltaPage> => {
    const res = await call(path, { method: 'GET', headers: { prefer: `odata.maxpagesize=${pageSize}` } });
    if (res.status === 410) {
      await res.body?.cancel();
      throw new GraphDeltaExpiredError('Outlook no longer has this mailbox sync state');
    }
    if (!res.ok) throw await mailErrorFromResponse('Microsoft Graph', res);
    const body = (await res.json()) as {
      value?: {
        id: string;
        conversationId?: string;
        receivedDateTime?: string;
        webLink?: string;
        internetMessageHeaders?: RawHeader[];
        bodyPreview?: string;
        '@removed'?: unknown;
      }[];
      '@odata.nextLink'?: string;
      '@odata.deltaLink'?: string;
    };
    const messages = (body.value ?? [])
      .filter((m) => !m['@removed'])
      .map((m) => ({
        id: m.id,
        conversationId: m.conversationId ?? '',
        receivedAt: m.receivedDateTime ? new Date(m.receivedDateTime) : new Date(),
        webLink: m.webLink ?? null,
        headers: m.internetMessageHeaders ?? [],
        preview: m.bodyPreview ?? '',
      }));
    return { messages, nextLink: body['@odata.nextLink'], deltaLink: body['@odata.deltaLink'] };
  };

  return {
    /** The first page of a new round: the Inbox's messages received since `since`. */
    firstPage(since: Date, pageSize: number) {
      const query = new URLSearchParams({
        $select: SELECT,
        $filter: `receivedDateTime ge ${since.toISOString()}`,
      });
      return page(`mailFolders/inbox/messages/delta?${query}`, pageSize);
    },
    /** The page a nextLink or deltaLink names (links Graph gave, under the same base URL). */
    follow(link: string, pageSize: number) {
      if (!link.startsWith(`${base}/`)) throw new Error('Microsoft Graph gave a link outside its API');
      return page(link.slice(base.length + 1), pageSize);
    },
    /** The message as MIME; null when it is gone. */
    async mime(id: string): Promise<Buffer | null> {
      const res = await foundOrGone(
        'Microsoft Graph',
        await call(`messages/${encodeURIComponent(id)}/$value`, { method: 'GET' }),
      );
      if (!res) return null;
      return Buffer.from(await res.arrayBuffer());
    },
  };
}

export type GraphInbox = ReturnType<typeof graphInbox>;

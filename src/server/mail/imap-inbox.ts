import { ImapFlow, type SearchObject } from 'imapflow';
import type { ImapSettings } from '../config';

/** A header of a message, unfolded, as the server sent it. */
export type RawHeader = { name: string; value: string };

export type InboxHeaders = { uid: number; receivedAt: Date; headers: RawHeader[] };

/** One open connection to the inbox, read-only: listing and reading never changes a flag. */
export interface ImapInbox {
  uidValidity: number;
  uidNext: number;
  /**
   * UIDs of messages that arrived on or after `since` (the server's arrival date), ascending; with
   * `only`, just those the server also finds matching that IMAP SEARCH query.
   */
  uidsSince(since: Date, only?: SearchObject): Promise<number[]>;
  /** UIDs above `uid`, ascending; with `only`, as uidsSince. */
  uidsAfter(uid: number, only?: SearchObject): Promise<number[]>;
  /** The named headers of these messages. */
  headers(uids: number[], names: string[]): Promise<InboxHeaders[]>;
  /** These messages' sources, at most `maxBytes` of each (a bounce's report is near the start), in one FETCH. */
  sources(uids: number[], maxBytes: number): Promise<Map<number, Buffer>>;
  close(): Promise<void>;
}

/** An ImapFlow client for IMAP_URL and the TLS settings, not yet connected (the doctor uses it too). */
export function imapClientFor(settings: ImapSettings): ImapFlow {
  const url = new URL(settings.url);
  const secure = url.protocol === 'imaps:';
  return new ImapFlow({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || (secure ? 993 : 143),
    secure,
    ...(!secure && settings.startTls !== 'opportunistic' && { doSTARTTLS: settings.startTls === 'required' }),
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    tls: { ca: settings.tlsCa, rejectUnauthorized: settings.tlsRejectUnauthorized },
    logger: false,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    // The sync opens one connection per run; nothing to keep alive between runs.
    disableAutoIdle: true,
  });
}

export async function openImapInbox(settings: ImapSettings): Promise<ImapInbox> {
  const client = imapClientFor(settings);
  await client.connect().catch((err: unknown) => {
    throw new Error(imapErrorText(err));
  });
  try {
    const mailbox = await client.mailboxOpen(settings.mailbox, { readOnly: true });
    const ascending = (found: number[] | false | undefined) => (found || []).sort((a, b) => a - b);
    return {
      uidValidity: Number(mailbox.uidValidity),
      uidNext: mailbox.uidNext,
      uidsSince: async (since, only) => ascending(await client.search({ ...only, since }, { uid: true })),
      // "n:*" always includes the newest message, even when its UID is below n.
      uidsAfter: async (uid, only) =>
        ascending(await client.search({ ...only, uid: `${uid + 1}:*` }, { uid: true })).filter(
          (u) => u > uid,
        ),
      async headers(uids, names) {
        if (uids.length === 0) return [];
        const found: InboxHeaders[] = [];
        for await (const message of client.fetch(
          uids,
          { uid: true, internalDate: true, headers: names },
          { uid: true },
        )) {
          found.push({
            uid: message.uid,
            receivedAt: new Date(message.internalDate ?? Date.now()),
            headers: parseHeaderBlock(message.headers?.toString('utf8') ?? ''),
          });
        }
        return found.sort((a, b) => a.uid - b.uid);
      },
      async sources(uids, maxBytes) {
        const found = new Map<number, Buffer>();
        if (uids.length === 0) return found;
        for await (const message of client.fetch(
          uids,
          { uid: true, source: { maxLength: maxBytes } },
          { uid: true },
        )) {
          if (message.source) found.set(message.uid, message.source);
        }
        return found;
      },
      close: () => client.logout().catch(() => client.close()),
    };
  } catch (err) {
    client.close();
    throw new Error(imapErrorText(err));
  }
}

/** imapflow says only "Command failed"; the server's own words and the kind of failure say more. */
export function imapErrorText(err: unknown): string {
  const e = err as { authenticationFailed?: boolean; responseText?: string; code?: string; message?: string };
  if (e.authenticationFailed)
    return `The IMAP server refused the user name or password (${e.responseText ?? 'no reason given'})`;
  return e.responseText || e.code || e.message || String(err);
}

/** RFC 5322 header lines, with folded continuation lines joined to the header they continue. */
export function parseHeaderBlock(block: string): RawHeader[] {
  const headers: RawHeader[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && headers.length > 0) {
      const last = headers[headers.length - 1]!;
      last.value = `${last.value} ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0) headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return headers;
}

/**
 * One message's source, read on demand (the inbox's reading view): by its UID while the mailbox's
 * UIDVALIDITY is still the one it was seen under, else by its Message-ID; null when it is gone.
 */
export async function readImapMessage(
  settings: ImapSettings,
  where: { uidValidity: number; uid: number; messageId: string | null },
  maxBytes: number,
): Promise<Buffer | null> {
  const client = imapClientFor(settings);
  await client.connect().catch((err: unknown) => {
    throw new Error(imapErrorText(err));
  });
  try {
    const mailbox = await client.mailboxOpen(settings.mailbox, { readOnly: true });
    let uid: number | undefined = where.uid;
    if (Number(mailbox.uidValidity) !== where.uidValidity) {
      if (!where.messageId) return null;
      const found = await client.search({ header: { 'message-id': `<${where.messageId}>` } }, { uid: true });
      uid = (found || [])[0];
      if (uid === undefined) return null;
    }
    const message = await client.fetchOne(String(uid), { source: { maxLength: maxBytes } }, { uid: true });
    return message ? (message.source ?? null) : null;
  } catch (err) {
    throw new Error(imapErrorText(err));
  } finally {
    await client.logout().catch(() => client.close());
  }
}

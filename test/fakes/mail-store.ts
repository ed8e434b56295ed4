import { randomBytes, randomInt } from 'node:crypto';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { httpError, type MailProvider, stripBrackets } from './mail-fake-http';

/**
 * One provider's mailbox as the fakes keep it: every message sent or delivered, in the order the
 * mailbox's change log recorded them, plus the counters and queues the server's controls set.
 * Each provider has one mailbox shared by every token, so a refreshed token sees the same mail.
 */

export type ProviderFailure =
  | { status: 429; retryAfterSeconds?: number }
  | { status: 500 | 502 | 503 }
  | { status: 400; message: string }
  | { status: 401 };

export type SentMessage = {
  id: string;
  threadId?: string;
  /** The MIME text as the provider received (or, for Graph's JSON form, composed) it. */
  raw: string;
  parsed: ParsedMail;
  messageId: string | undefined;
  /** Every recipient address (To, Cc, Bcc), in header order. */
  to: string[];
  token: string;
  at: Date;
  /** The From the client sent when the service put the account's own address there instead (Gmail). */
  rewrittenFrom?: string;
};

/** A sent or delivered message; `labelIds` holds SENT, or INBOX with the labels Gmail puts on new mail. */
export type StoredMessage = {
  id: string;
  /** Gmail's threadId; Graph's conversationId. */
  threadId: string;
  raw: string;
  parsed: ParsedMail;
  messageId: string | undefined;
  labelIds: string[];
  /** When it arrived: Gmail's internalDate, Graph's receivedDateTime. */
  at: Date;
  /** The history id that recorded its arrival; Graph's delta rounds are cut along it too. */
  change: number;
};
export type InboxMessage = Omit<StoredMessage, 'labelIds' | 'change'>;
export type DeliverOptions = {
  /** A sent or delivered message's provider id whose thread (conversation) the message joins. */
  threadOf?: string;
  at?: Date;
};

/** A Graph delta query, fixed by its first request and carried by every link that follows. */
export type DeltaQuery = {
  select?: string[];
  since?: { at: number; inclusive: boolean };
  newestFirst: boolean;
  changeType?: string;
};
/** Where a delta round stands. A deltaLink's cursor has no `upTo`: its round starts when followed. */
export type DeltaCursor = {
  query: DeltaQuery;
  afterChange: number;
  upTo?: number;
  offset: number;
  firstRound: boolean;
};

const INBOX_LABELS: Record<MailProvider, string[]> = {
  gmail: ['UNREAD', 'CATEGORY_PERSONAL', 'INBOX'],
  graph: ['INBOX'],
};

function freshMailbox() {
  const start = randomInt(10_000, 20_000);
  return {
    messages: [] as StoredMessage[],
    /** The mailbox's current history id, as Gmail's getProfile reports it. */
    historyId: start,
    /** Older history is gone: a startHistoryId below this answers 404. */
    historyFloor: start,
    cursors: new Map<string, DeltaCursor>(),
  };
}

export const freshState = () => ({
  ...freshMailbox(),
  sent: [] as SentMessage[],
  failures: [] as ProviderFailure[],
  cuts: [] as ('stall' | 'reset')[],
  tokens: new Set<string>(),
  latencyMs: 0,
  requests: 0,
  active: 0,
  maxConcurrent: 0,
  maxPerToken: 0,
});
export type State = ReturnType<typeof freshState>;

export const newId = (p: MailProvider) =>
  p === 'gmail' ? randomBytes(8).toString('hex') : `AAMkAD${randomBytes(30).toString('base64url')}=`;
const newConversation = () => `AAQkAD${randomBytes(24).toString('base64url')}=`;

/** Records a message under the next history id. Gmail's ids grow with gaps, never one by one. */
export function store(s: State, message: Omit<StoredMessage, 'change'>): StoredMessage {
  s.historyId += randomInt(1, 8);
  const stored = { ...message, change: s.historyId };
  s.messages.push(stored);
  return stored;
}

export const findMessage = (s: State, id: string) => s.messages.find((m) => m.id === id);

/** The thread holding the message that `parsed` answers: its In-Reply-To first, then References, newest first. */
export function repliedThread(s: State, parsed: ParsedMail): string | undefined {
  const references = [parsed.references ?? []].flat().reverse();
  for (const ref of [parsed.inReplyTo, ...references].filter(Boolean).map(stripBrackets)) {
    const hit = s.messages.find((m) => stripBrackets(m.messageId) === ref);
    if (hit) return hit.threadId;
  }
  return undefined;
}

/** Graph threads a sent message into the conversation it answers, as it does a received one. */
export const sentConversation = (s: State, parsed: ParsedMail) =>
  repliedThread(s, parsed) ?? newConversation();

/** Puts an RFC 5322 message into `p`'s inbox, as the provider's MTA would on receiving it. */
export async function deliver(
  s: State,
  p: MailProvider,
  raw: string | Buffer,
  opts: DeliverOptions = {},
): Promise<StoredMessage> {
  const text = typeof raw === 'string' ? raw : raw.toString('utf8');
  const parsed = await simpleParser(text);
  const id = newId(p);
  const named = opts.threadOf === undefined ? undefined : findMessage(s, opts.threadOf);
  if (opts.threadOf !== undefined && !named)
    throw new Error(`no ${p} message ${opts.threadOf} to thread with`);
  const threadId = named?.threadId ?? repliedThread(s, parsed) ?? (p === 'gmail' ? id : newConversation());
  const labelIds = [...INBOX_LABELS[p]];
  return store(s, {
    id,
    threadId,
    raw: text,
    parsed,
    messageId: parsed.messageId,
    labelIds,
    at: opts.at ?? new Date(),
  });
}

/** Drops every cursor issued so far, as each service does once its change log has moved on. */
export function expireHistory(s: State) {
  s.historyId += randomInt(100, 200);
  s.historyFloor = s.historyId;
  s.cursors.clear();
}

export function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const flat = objects.flatMap((o) => o.value).flatMap((a) => (a.group ? a.group : [a]));
  return flat.flatMap((a) => (a.address ? [a.address] : []));
}

/** Reads a message handed to a send endpoint; `noRecipient` is the provider's refusal when it names nobody. */
export async function decode(
  raw: string,
  token: string,
  noRecipient: string,
): Promise<Omit<SentMessage, 'id'>> {
  const parsed = await simpleParser(raw);
  const to = [...addresses(parsed.to), ...addresses(parsed.cc), ...addresses(parsed.bcc)];
  if (to.length === 0) throw httpError(400, noRecipient, 'ErrorInvalidRecipients');
  return { raw, parsed, messageId: parsed.messageId, to, token, at: new Date() };
}

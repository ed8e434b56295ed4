import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as readBody, buffer as readBuffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { gmailRoute } from './gmail-fake';
import { graphRoute } from './graph-fake';
import {
  ERRORS,
  type HttpError,
  httpError,
  isHttpError,
  type MailProvider,
  send,
  sendError,
} from './mail-fake-http';
import {
  type DeliverOptions,
  deliver,
  expireHistory,
  freshState,
  type InboxMessage,
  type ProviderFailure,
  type SentMessage,
  type State,
} from './mail-store';

export type { MailProvider } from './mail-fake-http';
export type { DeliverOptions, InboxMessage, ProviderFailure, SentMessage } from './mail-store';

/**
 * Fake Gmail API and Microsoft Graph on one local HTTP server: the send endpoints, a lookup of the
 * sent folder by Message-ID (how the app reconciles a send interrupted by a crash) and the inbox
 * reading endpoints (Gmail's history, messages and profile; Graph's Inbox delta and $value).
 * The handlers live in gmail-fake.ts and graph-fake.ts; this file holds the server, its state,
 * failure injection and the controls.
 * Each provider keeps one mailbox shared by every token (a refreshed token must still find earlier
 * sends), unless `accountOf` tells the account a token acts for: then each account has a mailbox of
 * its own (its sends, inbox and history), a token that acts for nobody (unknown or expired) is
 * refused with 401, and a From other than the account's is treated as each service does.
 * For out-of-process runs (Playwright) the same server answers GET /__control/sent/gmail (or /graph): a JSON
 * array of { id, messageId, to, raw } for every message that provider accepted; POST /__control/deliver/gmail
 * (or /graph) with a message/rfc822 body (optional ?threadOf=<id>&at=<ISO date>), answering { id, threadId };
 * POST /__control/expire-history/gmail (or /graph); and POST /__control/reset.
 */

export type ProviderStats = { maxConcurrent: number; maxConcurrentPerToken: number };

export type FakeMailProviders = {
  gmailUrl: string;
  graphUrl: string;
  port: number;
  sent(p: MailProvider): SentMessage[];
  /** What one account's mailbox sent (with `accountOf`), by the account's address. */
  sentBy(p: MailProvider, address: string): SentMessage[];
  /** Every message delivered to `p`'s inbox, oldest first. */
  inbox(p: MailProvider): InboxMessage[];
  /**
   * Stores an RFC 5322 message in `p`'s inbox as received mail: it joins the thread (Graph: the
   * conversation) of the message its In-Reply-To or References names, or `threadOf`'s, else a new
   * one, and is recorded in the mailbox's history (Graph: the next delta round).
   */
  deliver(
    p: MailProvider,
    raw: string | Buffer,
    opts?: DeliverOptions,
  ): Promise<{ id: string; threadId: string }>;
  /** Invalidates every sync cursor issued so far: Gmail's history ids (and history page tokens), Graph's delta and skip tokens. */
  expireHistory(p: MailProvider): void;
  /** Every request received, failed and throttled ones included. */
  requests(p: MailProvider): number;
  /** maxConcurrent: most requests in flight at once over all tokens; maxConcurrentPerToken: per mailbox. */
  stats(p: MailProvider): ProviderStats;
  /** The next `count` authenticated requests to `p` (sends and lookups alike) fail this way and store nothing. */
  failNext(p: MailProvider, count: number, failure: ProviderFailure): void;
  /**
   * The next `count` sends to `p` are accepted (stored in the sent folder, as the real service
   * would have) and then never answered (`stall`: the client's timeout fires) or answered by a
   * reset connection (`reset`).
   */
  breakAfterAccept(p: MailProvider, how: 'stall' | 'reset', count?: number): void;
  setLatency(p: MailProvider, ms: number): void;
  requireKnownTokens(on: boolean): void;
  acceptToken(p: MailProvider, token: string): void;
  reset(): void;
  close(): Promise<void>;
};

/** Graph allows 4 concurrent requests per app per mailbox. */
export const GRAPH_MAILBOX_CONCURRENCY = 4;

const THROTTLED = 'Application is over its MailboxConcurrency limit.';
const PROVIDERS = ['gmail', 'graph'] as const;

function injected(provider: MailProvider, failure: ProviderFailure): HttpError {
  const message = failure.status === 400 ? failure.message : (ERRORS[failure.status]?.[3] ?? 'Error');
  // Graph always says when to come back; Gmail often doesn't, so the app must cope without the header.
  const fallback = provider === 'graph' ? 1 : undefined;
  const retryAfter = failure.status === 429 ? (failure.retryAfterSeconds ?? fallback) : undefined;
  const headers: Record<string, string> = retryAfter === undefined ? {} : { 'retry-after': `${retryAfter}` };
  return httpError(failure.status, message, undefined, headers);
}

const inboxView = (s: State): InboxMessage[] =>
  s.messages
    .filter((m) => m.labelIds.includes('INBOX'))
    .map(({ id, threadId, raw, parsed, messageId, at }) => ({ id, threadId, raw, parsed, messageId, at }));

/**
 * `scopesOf` tells the scopes granted to an access token (the fake OIDC provider's `scopesOf`);
 * with it the fakes refuse what Google and Microsoft refuse for missing or limiting scopes.
 * `gmailAddress` is the mailbox's own address, as Gmail's getProfile reports it.
 */
export async function startFakeMailProviders(
  opts: {
    port?: number;
    scopesOf?: (provider: 'google' | 'microsoft', token: string) => string[] | null;
    accountOf?: (provider: 'google' | 'microsoft', token: string) => { email: string } | null;
    gmailAddress?: string;
  } = {},
): Promise<FakeMailProviders> {
  const state: Record<MailProvider, State> = { gmail: freshState(), graph: freshState() };
  // Graph throttles per mailbox; the bearer token stands for the mailbox.
  const inFlight: Record<MailProvider, Map<string, number>> = { gmail: new Map(), graph: new Map() };
  const flags = { requireKnown: false };
  const gmailAddress = opts.gmailAddress ?? 'me@gmail.fake';
  /** With `accountOf`: each account's own mailbox, keyed `<provider>:<address>`. */
  const boxes = new Map<string, State>();
  const boxOf = (provider: MailProvider, address: string) => {
    const key = `${provider}:${address}`;
    if (!boxes.has(key)) boxes.set(key, freshState());
    return boxes.get(key)!;
  };

  async function handle(provider: MailProvider, req: IncomingMessage, res: ServerResponse, url: URL) {
    const [s, slots] = [state[provider], inFlight[provider]];
    s.requests++;
    // Drain the body first so an early error reply never races the client's upload.
    const body = await readBody(req);
    const token = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token || (flags.requireKnown && !s.tokens.has(token))) throw injected(provider, { status: 401 });
    const oidcName = provider === 'gmail' ? 'google' : 'microsoft';
    const owner = opts.accountOf ? (opts.accountOf(oidcName, token)?.email ?? null) : null;
    if (opts.accountOf && owner === null) throw injected(provider, { status: 401 });
    const box = owner === null ? s : boxOf(provider, owner);
    const mine = slots.get(token) ?? 0;
    const throttled = provider === 'graph' && mine >= GRAPH_MAILBOX_CONCURRENCY;
    if (throttled) throw httpError(429, THROTTLED, 'ApplicationThrottled', { 'retry-after': '1' });
    slots.set(token, mine + 1);
    s.active++;
    s.maxConcurrent = Math.max(s.maxConcurrent, s.active);
    s.maxPerToken = Math.max(s.maxPerToken, mine + 1);
    try {
      if (s.latencyMs > 0) await sleep(s.latencyMs);
      const failure = s.failures.shift();
      if (failure) throw injected(provider, failure);
      const path = url.pathname.slice(provider.length + 1);
      const contentType = req.headers['content-type'] ?? '';
      const granted = opts.scopesOf?.(oidcName, token);
      const scopes = granted ? new Set(granted) : null;
      const method = req.method ?? 'GET';
      const call = { method, path, url, body, token, contentType, headers: req.headers, scopes, owner };
      const reply = await (provider === 'gmail'
        ? gmailRoute(box, call, owner ?? gmailAddress)
        : graphRoute(box, call));
      if (reply.cut === 'reset') req.socket.destroy();
      else if (reply.cut !== 'stall') send(res, reply.status, reply.body, reply.headers);
    } finally {
      s.active = Math.max(0, s.active - 1);
      slots.set(token, Math.max(0, (slots.get(token) ?? 1) - 1));
    }
  }

  function reset() {
    // Requests still running keep their in-flight slots, so their finally blocks stay balanced.
    for (const s of Object.values(state)) Object.assign(s, freshState(), { active: s.active });
    boxes.clear();
    flags.requireKnown = false;
  }

  async function deliverTo(p: MailProvider, raw: string | Buffer, deliverOpts?: DeliverOptions) {
    const { id, threadId } = await deliver(state[p], p, raw, deliverOpts);
    return { id, threadId };
  }

  /** The control routes a separate process (Playwright) uses, since it cannot call the methods below. */
  async function control(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) {
    const [, action, of] = /^\/__control\/([a-z-]+)(?:\/(gmail|graph))?$/.exec(url.pathname) ?? [];
    const p = of as MailProvider | undefined;
    if (req.method === 'GET' && action === 'sent' && p) {
      return send(
        res,
        200,
        state[p].sent.map(({ id, messageId, to, raw }) => ({ id, messageId, to, raw })),
      );
    }
    if (req.method === 'POST' && action === 'deliver' && p) {
      const at = url.searchParams.get('at');
      const threadOf = url.searchParams.get('threadOf') ?? undefined;
      return send(res, 200, await deliverTo(p, body, { threadOf, at: at ? new Date(at) : undefined }));
    }
    if (req.method === 'POST' && action === 'expire-history' && p) {
      expireHistory(state[p]);
      return send(res, 200, { ok: true });
    }
    if (req.method === 'POST' && action === 'reset' && !p) {
      reset();
      return send(res, 200, { ok: true });
    }
    send(res, 404, { error: `no control ${req.method} ${url.pathname}` });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    if (url.pathname.startsWith('/__control/')) {
      // Drain any body first, so the reply never races the client's upload.
      readBuffer(req)
        .then((body) => control(req, res, url, body))
        .catch((err: unknown) => (res.headersSent ? res.destroy() : send(res, 400, { error: String(err) })));
      return;
    }
    const provider = PROVIDERS.find((p) => url.pathname.startsWith(`/${p}/`));
    if (!provider) return send(res, 404, { error: 'unknown provider path' });
    handle(provider, req, res, url).catch((err: unknown) => {
      const error = isHttpError(err) ? err : httpError(500, String((err as Error)?.message ?? err));
      if (!res.headersSent) sendError(provider, res, error);
      else res.destroy();
    });
  });
  server.listen(opts.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    gmailUrl: `${base}/gmail`,
    graphUrl: `${base}/graph`,
    port,
    sent: (p) =>
      [
        ...state[p].sent,
        ...[...boxes].filter(([k]) => k.startsWith(`${p}:`)).flatMap(([, b]) => b.sent),
      ].sort((a, b) => a.at.getTime() - b.at.getTime()),
    sentBy: (p, address) => [...(boxes.get(`${p}:${address.toLowerCase()}`)?.sent ?? [])],
    inbox: (p) => inboxView(state[p]),
    deliver: deliverTo,
    expireHistory: (p) => expireHistory(state[p]),
    requests: (p) => state[p].requests,
    stats: (p) => ({ maxConcurrent: state[p].maxConcurrent, maxConcurrentPerToken: state[p].maxPerToken }),
    // concat, not push(...spread): a large count would overflow the call stack.
    failNext: (p, count, failure) =>
      Object.assign(state[p], { failures: state[p].failures.concat(Array(count).fill(failure)) }),
    breakAfterAccept: (p, how, count = 1) =>
      Object.assign(state[p], { cuts: state[p].cuts.concat(Array(count).fill(how)) }),
    setLatency: (p, ms) => Object.assign(state[p], { latencyMs: ms }),
    requireKnownTokens: (on) => Object.assign(flags, { requireKnown: on }),
    acceptToken: (p, token) => state[p].tokens.add(token),
    reset,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

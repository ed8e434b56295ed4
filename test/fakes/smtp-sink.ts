import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type ParsedMail, simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/**
 * SMTP sink for tests and benchmarks: accepts any (or no) AUTH over plain TCP and keeps every message.
 * Messages are stored raw and parsed only when asked, so benchmarks measure the app, not mailparser.
 */

export type SinkMessage = {
  envelope: { from: string | null; to: string[] };
  raw: string;
  /** Read straight from the header block, without a MIME parse. */
  messageId: string | undefined;
  /** The AUTH user the client logged in as, if it did. */
  user: string | undefined;
  at: Date;
};
export type ParsedSinkMessage = SinkMessage & { parsed: ParsedMail };

export type SmtpSink = {
  /** What the app's SMTP_URL should be. */
  url: string;
  port: number;
  count(): number;
  messages(): SinkMessage[];
  /** Every stored message with its mailparser result (parsed once, then cached). */
  parsedMessages(): Promise<ParsedSinkMessage[]>;
  parse(message: SinkMessage): Promise<ParsedMail>;
  /** The next `count` messages are refused at the end of DATA with this SMTP code (451 temporary, 550 permanent). */
  failNext(count: number, code: number, message?: string): void;
  /** Every message is refused at the end of DATA with this code until called again with null (an outage). */
  failAll(code: number | null, message?: string): void;
  /** Messages refused by failNext or failAll so far. */
  refused(): number;
  /**
   * The next `count` connections break without a reply at this point: before the greeting, at the
   * RCPT command, or after the whole DATA arrived (the message is kept: it reached the server).
   */
  dropNext(stage: 'greeting' | 'rcpt' | 'data', count?: number): void;
  /** The next `count` messages are kept once their DATA arrived, and never answered (a server gone silent). */
  stallNext(count?: number): void;
  /** The name the client announced in EHLO/HELO, once per message it started. */
  ehloNames(): string[];
  reset(): void;
  close(): Promise<void>;
};

/**
 * One header's unfolded value from raw MIME, exactly as written. mailparser folds every List-* header into a
 * single `list` entry (`parsed.headers.get('list')`), so `parsed.headers.get('list-unsubscribe')` is undefined;
 * use this (or `parsed.headerLines`) to check what the app actually put on the wire.
 */
export function rawHeader(raw: string, name: string): string | undefined {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end < 0 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const escaped = name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  return new RegExp(`^${escaped}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim();
}

const DEFAULT_REPLY: Record<string, string> = {
  '4': '4.3.0 Temporary failure, try again later (injected)',
  '5': '5.7.1 Message rejected (injected)',
};

export type SmtpSinkOptions = {
  /** Each message is answered this long after its DATA arrived (a slow server). */
  acceptDelayMs?: number;
  /** A certificate and key: TLS from the first byte (`smtps://`), or offered by STARTTLS with `startTls`. */
  tls?: { key: string; cert: string; startTls?: boolean };
  /** When given, AUTH is required and checked against these user → password pairs. */
  users?: Record<string, string>;
  /** Leave STARTTLS out of the EHLO reply even with `tls` (a relay that cannot upgrade). */
  noStartTls?: boolean;
};

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  let stored: SinkMessage[] = [];
  const drops = { greeting: 0, rcpt: 0, data: 0, stall: 0 };
  const ehloNames: string[] = [];
  let failures: { code: number; message: string }[] = [];
  let failEvery: { code: number; message: string } | null = null;
  let refused = 0;
  const parsedCache = new WeakMap<SinkMessage, Promise<ParsedMail>>();

  function onData(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    done: (err?: Error | null) => void,
  ) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', (err) => done(err));
    // Answer only after the whole DATA arrived: smtp-server needs the stream drained before the reply.
    stream.on('end', () => {
      if (drops.data > 0 || drops.stall > 0) {
        keep(chunks, session);
        if (drops.data > 0) {
          drops.data--;
          socketOf(session)?.destroy();
        } else drops.stall--;
        return; // no reply, ever
      }
      const failure = failures.shift() ?? failEvery;
      if (failure) refused++;
      if (failure) return done(Object.assign(new Error(failure.message), { responseCode: failure.code }));
      if (stream.sizeExceeded)
        return done(Object.assign(new Error('5.3.4 Message too big'), { responseCode: 552 }));
      keep(chunks, session);
      if (options.acceptDelayMs) setTimeout(done, options.acceptDelayMs);
      else done();
    });
  }

  function keep(chunks: Buffer[], session: SMTPServerSession) {
    const raw = Buffer.concat(chunks).toString('utf8');
    const { mailFrom, rcptTo } = session.envelope;
    stored.push({
      envelope: { from: mailFrom ? mailFrom.address : null, to: rcptTo.map((r) => r.address) },
      raw,
      messageId: rawHeader(raw, 'message-id'),
      user: typeof session.user === 'string' ? session.user : undefined,
      at: new Date(),
    });
  }

  /** smtp-server's hooks get the session, not the socket: find the connection it belongs to. */
  function socketOf(session: SMTPServerSession) {
    const connections = (server as unknown as { connections: Set<{ id: string; _socket: Socket }> })
      .connections;
    return [...connections].find((c) => c.id === session.id)?._socket;
  }

  const tls = options.tls;
  const server = new SMTPServer({
    secure: Boolean(tls && !tls.startTls),
    ...(tls ? { key: tls.key, cert: tls.cert } : {}),
    authOptional: !options.users,
    // Plain-text AUTH is fine on loopback; real servers would insist on TLS first.
    allowInsecureAuth: true,
    disabledCommands: tls?.startTls && !options.noStartTls ? [] : ['STARTTLS'],
    // Reverse DNS per connection would dominate a benchmark on 127.0.0.1.
    disableReverseLookup: true,
    logger: false,
    size: 50 * 1024 * 1024,
    // Pooled clients keep connections open; don't let close() wait the default 30 s for them.
    closeTimeout: 200,
    onAuth: (auth, _session, callback) => {
      const users = options.users;
      if (users && (!auth.username || users[auth.username] !== auth.password)) {
        return callback(
          Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }),
        );
      }
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onConnect: (session, callback) => {
      if (drops.greeting > 0) {
        drops.greeting--;
        socketOf(session)?.destroy();
        return;
      }
      callback();
    },
    onMailFrom: (_address, session, callback) => {
      if (session.hostNameAppearsAs) ehloNames.push(session.hostNameAppearsAs);
      callback();
    },
    onRcptTo: (_address, session, callback) => {
      if (drops.rcpt > 0) {
        drops.rcpt--;
        socketOf(session)?.destroy();
        return;
      }
      callback();
    },
    onData,
  });
  // A client that dies mid-conversation (crash tests SIGKILL the sender) resets its socket; that
  // is the client's problem, not a failure of the sink.
  server.on('error', () => {});
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;

  const parse = (message: SinkMessage) => {
    let parsed = parsedCache.get(message);
    if (!parsed) {
      parsed = simpleParser(message.raw);
      parsedCache.set(message, parsed);
    }
    return parsed;
  };

  return {
    url: `${tls && !tls.startTls ? 'smtps' : 'smtp'}://127.0.0.1:${port}`,
    port,
    count: () => stored.length,
    messages: () => [...stored],
    parse,
    parsedMessages: () => Promise.all(stored.map(async (m) => ({ ...m, parsed: await parse(m) }))),
    failNext: (count, code, message) => {
      const text = message ?? DEFAULT_REPLY[String(code)[0] ?? ''] ?? 'Rejected (injected)';
      for (let i = 0; i < count; i++) failures.push({ code, message: text });
    },
    failAll: (code, message) => {
      failEvery =
        code === null
          ? null
          : { code, message: message ?? DEFAULT_REPLY[String(code)[0] ?? ''] ?? 'Rejected' };
    },
    refused: () => refused,
    dropNext: (stage, count = 1) => {
      drops[stage] += count;
    },
    stallNext: (count = 1) => {
      drops.stall += count;
    },
    ehloNames: () => [...ehloNames],
    reset: () => {
      stored = [];
      failures = [];
      failEvery = null;
      refused = 0;
      Object.assign(drops, { greeting: 0, rcpt: 0, data: 0, stall: 0 });
      ehloNames.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Envelope from the message's own From/To/Cc headers, as a client sending pre-composed MIME would use. */
function envelopeOf(raw: string): { from: string; to: string[] } {
  const list = (name: string) =>
    addressparser(rawHeader(raw, name) ?? '', { flatten: true }).flatMap((a) =>
      a.address ? [a.address] : [],
    );
  const to = [...list('to'), ...list('cc')];
  return { from: list('from')[0] ?? 'bench@tailor.test', to: to.length > 0 ? to : ['sink@tailor.test'] };
}

/**
 * The sink's own ceiling: pre-composed messages pushed straight through nodemailer's SMTP pool, in messages/s.
 * The send benchmark compares the app against this. The messages stay in the sink; reset() it afterwards.
 */
export async function sinkCeiling(
  sink: SmtpSink,
  messages: string[],
  connections = 1,
  auth?: { user: string; pass: string },
): Promise<number> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: sink.port,
    secure: false,
    ignoreTLS: true,
    ...(auth && { auth }),
    pool: true,
    maxConnections: connections,
    maxMessages: Number.POSITIVE_INFINITY,
  });
  try {
    // Sent the way the app's SMTP transport sends: envelope and Message-ID given, the message raw.
    const envelopes = messages.map(envelopeOf);
    const messageIds = messages.map((raw) => rawHeader(raw, 'message-id'));
    const started = performance.now();
    await Promise.all(
      messages.map((raw, i) => transport.sendMail({ envelope: envelopes[i], messageId: messageIds[i], raw })),
    );
    return messages.length / ((performance.now() - started) / 1000);
  } finally {
    transport.close();
  }
}

import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMailProviders, startFakeMailProviders } from './mail-providers';
import { rawHeader, type SmtpSink, sinkCeiling, startSmtpSink } from './smtp-sink';

const UNSUBSCRIBE = {
  'List-Unsubscribe': '<https://tailor.test/u/tok123>, <mailto:unsub@tailor.test?subject=tok123>',
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
};

let providers: FakeMailProviders;
let sink: SmtpSink;

async function compose(n: number, headers: Record<string, string> = {}): Promise<Buffer> {
  return new MailComposer({
    from: 'Ada <ada@sender.test>',
    to: `reader${n}@example.test`,
    subject: `Hello ${n} – ünïcode`,
    html: `<p>Hi <b>reader ${n}</b></p>`,
    text: `Hi reader ${n}`,
    messageId: `<msg-${n}@tailor.test>`,
    headers,
  })
    .compile()
    .build();
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

function gmailSend(mime: Buffer, token = 'gmail-token', threadId?: string) {
  return fetch(`${providers.gmailUrl}/v1/users/me/messages/send`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify({ raw: mime.toString('base64url'), ...(threadId ? { threadId } : {}) }),
  });
}

function graphSend(mime: Buffer, token = 'graph-token') {
  return fetch(`${providers.graphUrl}/v1.0/me/sendMail`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': 'text/plain' },
    body: mime.toString('base64'),
  });
}

async function graphLookup(messageId: string, token = 'graph-token') {
  const query = new URLSearchParams({
    $filter: `internetMessageId eq '${messageId.replace(/'/g, "''")}'`,
    $select: 'id,internetMessageId',
  });
  const res = await fetch(`${providers.graphUrl}/v1.0/me/mailFolders/sentitems/messages?${query}`, {
    headers: auth(token),
  });
  expect(res.status).toBe(200);
  return (await res.json()).value as { id: string; internetMessageId: string }[];
}

const G = 'https://www.googleapis.com/auth/';
/** What each test token was granted, as the OIDC provider would tell. */
const SCOPES: Record<string, string[]> = {
  'gmail-token': [`${G}gmail.send`, `${G}gmail.readonly`],
  'gmail-metadata': [`${G}gmail.send`, `${G}gmail.readonly`, `${G}gmail.metadata`],
  'gmail-send-only': [`${G}gmail.send`],
  'gmail-read-only': [`${G}gmail.readonly`],
  'graph-token': ['Mail.Send', 'Mail.ReadBasic'],
  'graph-send-only': ['Mail.Send'],
};

beforeAll(async () => {
  [providers, sink] = await Promise.all([
    startFakeMailProviders({ scopesOf: (_provider, token) => SCOPES[token] ?? null }),
    startSmtpSink(),
  ]);
});
afterEach(() => {
  providers.reset();
  sink.reset();
});
afterAll(async () => {
  await Promise.all([providers.close(), sink.close()]);
});

describe('fake Gmail API', () => {
  it('decodes a sent message and finds it again by rfc822msgid', async () => {
    const res = await gmailSend(await compose(1, UNSUBSCRIBE));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      threadId: body.id,
      labelIds: ['SENT'],
    });

    const [sent] = providers.sent('gmail');
    expect(sent).toMatchObject({
      id: body.id,
      messageId: '<msg-1@tailor.test>',
      to: ['reader1@example.test'],
    });
    expect(sent?.token).toBe('gmail-token');
    expect(sent?.parsed.subject).toBe('Hello 1 – ünïcode');
    expect(sent?.parsed.html).toContain('<b>reader 1</b>');
    expect(sent?.parsed.text?.trim()).toBe('Hi reader 1');
    expect(rawHeader(sent!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    for (const id of ['<msg-1@tailor.test>', 'msg-1@tailor.test']) {
      const q = encodeURIComponent(`rfc822msgid:${id}`);
      const found = await fetch(`${providers.gmailUrl}/v1/users/me/messages?q=${q}`, {
        headers: auth('t'),
      });
      expect(await found.json()).toEqual({
        messages: [{ id: body.id, threadId: body.id }],
        resultSizeEstimate: 1,
      });
    }
    const q = encodeURIComponent('rfc822msgid:<nope@tailor.test>');
    const missing = await fetch(`${providers.gmailUrl}/v1/users/me/messages?q=${q}`, {
      headers: auth('t'),
    });
    expect(await missing.json()).toEqual({ resultSizeEstimate: 0 });
  });

  it('joins a named thread only when References and the subject match, as Gmail does', async () => {
    const first = await (await gmailSend(await compose(1))).json();
    const reply = (subject: string, references: string | null) =>
      new MailComposer({
        from: 'ada@sender.test',
        to: 'reader1@example.test',
        subject,
        text: 'Following up',
        ...(references ? { inReplyTo: references, references } : {}),
      })
        .compile()
        .build();
    const joined = await (
      await gmailSend(await reply('Re: Hello 1 – ünïcode', '<msg-1@tailor.test>'), undefined, first.threadId)
    ).json();
    expect(joined.threadId).toBe(first.threadId);
    const otherSubject = await (
      await gmailSend(await reply('Something else', '<msg-1@tailor.test>'), undefined, first.threadId)
    ).json();
    expect(otherSubject.threadId).toBe(otherSubject.id);
    const noReferences = await (
      await gmailSend(await reply('Re: Hello 1 – ünïcode', null), undefined, first.threadId)
    ).json();
    expect(noReferences.threadId).toBe(noReferences.id);
    const unknown = await gmailSend(
      await reply('Re: Hello 1 – ünïcode', '<msg-1@tailor.test>'),
      undefined,
      'f00dfeed',
    );
    expect(unknown.status).toBe(404);
  });

  it('rejects a request without raw and a message without recipients', async () => {
    const res = await fetch(`${providers.gmailUrl}/v1/users/me/messages/send`, {
      method: 'POST',
      headers: { ...auth('t'), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    const noRecipient = await new MailComposer({ from: 'a@sender.test', subject: 's', text: 't' })
      .compile()
      .build();
    expect((await gmailSend(noRecipient)).status).toBe(400);
    expect(providers.sent('gmail')).toHaveLength(0);
  });
});

describe('fake Microsoft Graph', () => {
  it('takes base64 MIME, answers 202 with no body, and finds it by internetMessageId', async () => {
    const res = await graphSend(await compose(2, UNSUBSCRIBE));
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');

    const [sent] = providers.sent('graph');
    expect(sent?.messageId).toBe('<msg-2@tailor.test>');
    expect(sent?.parsed.subject).toBe('Hello 2 – ünïcode');
    expect(sent?.to).toEqual(['reader2@example.test']);
    expect(await graphLookup('<msg-2@tailor.test>')).toEqual([
      { id: sent?.id, internetMessageId: '<msg-2@tailor.test>' },
    ]);
    // Graph matches the stored value exactly: without the angle brackets nothing is found.
    expect(await graphLookup('msg-2@tailor.test')).toEqual([]);
    expect(await graphLookup('<unknown@tailor.test>')).toEqual([]);
  });

  it('accepts the JSON form, but only X- custom headers', async () => {
    const message = {
      subject: 'JSON form',
      body: { contentType: 'HTML', content: '<p>json</p>' },
      toRecipients: [{ emailAddress: { address: 'json@example.test' } }],
      internetMessageHeaders: [{ name: 'X-Campaign', value: 'c1' }],
    };
    const send = (payload: object) =>
      fetch(`${providers.graphUrl}/v1.0/me/sendMail`, {
        method: 'POST',
        headers: { ...auth('t'), 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    expect((await send({ message, saveToSentItems: true })).status).toBe(202);
    const [sent] = providers.sent('graph');
    expect(sent?.parsed.subject).toBe('JSON form');
    expect(sent?.parsed.html).toContain('<p>json</p>');
    expect(sent?.parsed.headers.get('x-campaign')).toBe('c1');

    const bad = { ...message, internetMessageHeaders: [{ name: 'List-Unsubscribe', value: '<https://x>' }] };
    const res = await send({ message: bad });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('InvalidInternetMessageHeader');
    expect(providers.sent('graph')).toHaveLength(1);
  });

  it('lets 4 requests per mailbox run at once and throttles the 5th', async () => {
    providers.setLatency('graph', 300);
    const mimes = await Promise.all([1, 2, 3, 4, 5].map((n) => compose(n)));
    const responses = await Promise.all(mimes.map((mime) => graphSend(mime)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
    const throttled = responses.find((r) => r.status === 429)!;
    expect(throttled.headers.get('retry-after')).toBe('1');
    expect((await throttled.json()).error.code).toBe('ApplicationThrottled');
    expect(providers.stats('graph').maxConcurrent).toBe(4);
    expect(providers.requests('graph')).toBe(5);
    expect(providers.sent('graph')).toHaveLength(4);
  });
});

describe('tokens and failures', () => {
  it('answers 401 to unknown tokens once known tokens are required', async () => {
    providers.requireKnownTokens(true);
    const gmail = await gmailSend(await compose(3), 'expired');
    expect(gmail.status).toBe(401);
    expect((await gmail.json()).error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    const graph = await graphSend(await compose(3), 'expired');
    expect(graph.status).toBe(401);
    expect((await graph.json()).error.code).toBe('InvalidAuthenticationToken');

    providers.acceptToken('gmail', 'fresh');
    providers.acceptToken('graph', 'fresh');
    expect((await gmailSend(await compose(3), 'fresh')).status).toBe(200);
    expect((await graphSend(await compose(3), 'fresh')).status).toBe(202);
    expect(providers.sent('gmail')).toHaveLength(1);
    expect(providers.requests('gmail')).toBe(2);
  });

  it('injects 429, 5xx and 400 and stores nothing for them', async () => {
    const mime = await compose(4);
    providers.failNext('gmail', 1, { status: 429, retryAfterSeconds: 7 });
    providers.failNext('gmail', 1, { status: 500 });
    providers.failNext('gmail', 1, { status: 400, message: 'Invalid To header' });

    const limited = await gmailSend(mime);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    const broken = await gmailSend(mime);
    expect(broken.status).toBe(500);
    const invalid = await gmailSend(mime);
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.message).toBe('Invalid To header');
    expect(providers.sent('gmail')).toHaveLength(0);

    // Graph always names a Retry-After on 429, even when the test gives none.
    providers.failNext('graph', 1, { status: 429 });
    providers.failNext('graph', 1, { status: 503 });
    const graphLimited = await graphSend(mime);
    expect([graphLimited.status, graphLimited.headers.get('retry-after')]).toEqual([429, '1']);
    expect((await graphSend(mime)).status).toBe(503);
    expect(providers.sent('graph')).toHaveLength(0);

    expect((await gmailSend(mime)).status).toBe(200);
    expect(providers.requests('gmail')).toBe(4);
  });
});

describe('scopes, as Google and Microsoft enforce them', () => {
  const gmailGet = (path: string, token: string) =>
    fetch(`${providers.gmailUrl}/v1/users/me/${path}`, { headers: auth(token) });

  it('Gmail refuses q and the full and raw formats to a token holding gmail.metadata, even beside gmail.readonly', async () => {
    const sent = await (await gmailSend(await compose(1))).json();
    const search = await gmailGet(
      `messages?q=${encodeURIComponent('rfc822msgid:<msg-1@tailor.test>')}`,
      'gmail-metadata',
    );
    expect(search.status).toBe(403);
    const body = await search.json();
    expect(body.error).toMatchObject({
      code: 403,
      status: 'PERMISSION_DENIED',
      message: "Metadata scope does not support 'q' parameter",
    });
    expect(body.error.errors[0]).toMatchObject({ reason: 'forbidden', domain: 'global' });
    for (const format of ['full', 'raw']) {
      const res = await gmailGet(`messages/${sent.id}?format=${format}`, 'gmail-metadata');
      expect(res.status).toBe(403);
      expect((await res.json()).error.message).toBe(
        `Metadata scope doesn't allow format ${format.toUpperCase()}`,
      );
    }
    expect(
      (await gmailGet(`messages/${sent.id}?format=metadata&metadataHeaders=Message-ID`, 'gmail-metadata'))
        .status,
    ).toBe(200);
    // gmail.readonly alone may search and read whole messages.
    const found = await (
      await gmailGet(`messages?q=${encodeURIComponent('rfc822msgid:<msg-1@tailor.test>')}`, 'gmail-token')
    ).json();
    expect(found.messages).toEqual([{ id: sent.id, threadId: sent.threadId }]);
    const raw = await (await gmailGet(`messages/${sent.id}?format=raw`, 'gmail-token')).json();
    expect(Buffer.from(raw.raw, 'base64url').toString()).toContain('Message-ID: <msg-1@tailor.test>');
  });

  it('Gmail refuses reading to a send-only token, and sending to a token without a send scope', async () => {
    const res = await gmailGet('messages?q=x', 'gmail-send-only');
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatchObject({
      message: 'Request had insufficient authentication scopes.',
      errors: [{ reason: 'insufficientPermissions' }],
    });
    expect((await gmailSend(await compose(2), 'gmail-read-only')).status).toBe(403);
    expect(providers.sent('gmail')).toHaveLength(0);
  });

  it('Graph: Mail.ReadBasic filters Sent Items by internetMessageId, but reads no bodies and cannot search', async () => {
    expect((await graphSend(await compose(3))).status).toBe(202);
    expect(await graphLookup('<msg-3@tailor.test>')).toHaveLength(1);
    const items = `${providers.graphUrl}/v1.0/me/mailFolders/sentitems/messages`;
    const withBody = await fetch(`${items}?$select=id,body`, { headers: auth('graph-token') });
    expect(withBody.status).toBe(403);
    expect((await withBody.json()).error.code).toBe('ErrorAccessDenied');
    expect((await fetch(`${items}?$search="hello"`, { headers: auth('graph-token') })).status).toBe(403);
    const sendOnly = await fetch(`${items}?$select=id`, { headers: auth('graph-send-only') });
    expect(sendOnly.status).toBe(403);
  });
});

describe('SMTP sink', () => {
  it('stores what nodemailer sends, with envelope and readable headers', async () => {
    const transport = nodemailer.createTransport(sink.url.replace('smtp://', 'smtp://user:secret@'));
    try {
      for (const n of [1, 2, 3]) {
        await transport.sendMail({
          from: 'Ada <ada@sender.test>',
          to: `reader${n}@example.test`,
          subject: `SMTP ${n}`,
          text: `Plain ${n}`,
          html: `<p>Html ${n}</p>`,
          messageId: `<smtp-${n}@tailor.test>`,
          headers: n === 2 ? UNSUBSCRIBE : {},
        });
      }
    } finally {
      transport.close();
    }
    expect(sink.count()).toBe(3);
    const [first, second] = await sink.parsedMessages();
    expect(first?.envelope).toEqual({ from: 'ada@sender.test', to: ['reader1@example.test'] });
    expect(first?.messageId).toBe('<smtp-1@tailor.test>');
    expect(first?.user).toBe('user');
    expect(first?.parsed.subject).toBe('SMTP 1');

    // mailparser gathers List-* headers under one structured `list` header.
    const headers = second!.parsed.headers;
    expect(headers.get('list-unsubscribe')).toBeUndefined();
    expect(headers.get('list')).toEqual({
      unsubscribe: { url: 'https://tailor.test/u/tok123', mail: 'unsub@tailor.test?subject=tok123' },
      'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' },
    });
    expect(rawHeader(second!.raw, 'list-unsubscribe')).toBe(UNSUBSCRIBE['List-Unsubscribe']);
    const lines = second!.parsed.headerLines.filter((h) => h.key.startsWith('list-'));
    expect(lines.map((h) => h.key)).toEqual(['list-unsubscribe', 'list-unsubscribe-post']);
  });

  it('refuses DATA with an injected code, then accepts again', async () => {
    sink.failNext(1, 451);
    const transport = nodemailer.createTransport(sink.url);
    const mail = { from: 'a@sender.test', to: 'b@example.test', subject: 's', text: 't' };
    try {
      await expect(transport.sendMail(mail)).rejects.toMatchObject({ responseCode: 451 });
      await transport.sendMail(mail);
    } finally {
      transport.close();
    }
    expect(sink.count()).toBe(1);
  });

  it('measures its own ceiling', async () => {
    const raws = (await Promise.all(Array.from({ length: 500 }, (_, i) => compose(i)))).map((b) =>
      b.toString(),
    );
    const single = await sinkCeiling(sink, raws);
    expect(sink.count()).toBe(500);
    expect(sink.messages()[0]?.envelope).toEqual({ from: 'ada@sender.test', to: ['reader0@example.test'] });
    const pooled = await sinkCeiling(sink, raws, 4);
    console.log(
      `SMTP sink ceiling: ${single.toFixed(0)} msg/s (1 connection), ${pooled.toFixed(0)} msg/s (4)`,
    );
    expect(single).toBeGreaterThan(0);
    expect(pooled).toBeGreaterThan(0);
  });
});

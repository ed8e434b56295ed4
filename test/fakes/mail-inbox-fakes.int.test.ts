import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMailProviders, startFakeMailProviders } from './mail-providers';

let providers: FakeMailProviders;

const G = 'https://www.googleapis.com/auth/';
/** What each test token was granted, as the OIDC provider would tell. */
const SCOPES: Record<string, string[]> = {
  'gmail-read': [`${G}gmail.send`, `${G}gmail.readonly`],
  'gmail-metadata': [`${G}gmail.metadata`],
  'gmail-compose': [`${G}gmail.compose`],
  'gmail-send-only': [`${G}gmail.send`],
  'graph-read': ['Mail.Send', 'Mail.Read'],
  'graph-basic': ['Mail.Send', 'Mail.ReadBasic'],
  'graph-send-only': ['Mail.Send'],
};

const DAY = 86_400_000;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** An RFC 5322 message; `extra` adds or replaces headers (In-Reply-To, References, …). */
function mime(n: number, extra: Record<string, string> = {}): string {
  const headers = {
    From: `Reader ${n} <reader${n}@example.test>`,
    To: 'Ada <ada@sender.test>',
    Subject: `Re: Hello ${n}`,
    'Message-ID': `<reply-${n}@example.test>`,
    Date: 'Mon, 4 Sep 2017 10:00:00 +0000',
    ...extra,
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\nThanks for writing, <${n}> & co.\r\n`;
}

async function call(url: string, token: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers: { ...auth(token), ...headers } });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: type.includes('json') ? JSON.parse(text) : null,
  };
}
const gmail = (path: string, token = 'gmail-read') =>
  call(`${providers.gmailUrl}/v1/users/me/${path}`, token);
const graph = (pathOrLink: string, token = 'graph-read', headers: Record<string, string> = {}) =>
  call(
    pathOrLink.startsWith('http') ? pathOrLink : `${providers.graphUrl}/v1.0/me/${pathOrLink}`,
    token,
    headers,
  );

async function gmailSend(raw: string, token = 'gmail-read') {
  const res = await fetch(`${providers.gmailUrl}/v1/users/me/messages/send`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify({ raw: Buffer.from(raw).toString('base64url') }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; threadId: string };
}

const currentHistoryId = async () => (await gmail('profile')).body.historyId as string;

/** Every page of history.list from `start` (or from page `pageToken` on): the added message ids in order. */
async function historyPages(start: string, query = '', from = '') {
  const ids: string[] = [];
  let [pageToken, pages] = [from, 0];
  do {
    const res = await gmail(
      `history?startHistoryId=${start}${query}${pageToken && `&pageToken=${pageToken}`}`,
    );
    expect(res.status).toBe(200);
    for (const record of res.body.history ?? []) ids.push(record.messagesAdded[0].message.id);
    [pageToken, pages] = [res.body.nextPageToken ?? '', pages + 1];
  } while (pageToken);
  return { ids, pages };
}

/** Follows a Graph delta round from `link` to its deltaLink. */
async function deltaRound(link: string, token = 'graph-read', prefer?: string) {
  const [ids, sizes]: [string[], number[]] = [[], []];
  for (let next = link; ; ) {
    const res = await graph(next, token, prefer ? { prefer } : {});
    expect(res.status).toBe(200);
    ids.push(...res.body.value.map((m: { id: string }) => m.id));
    sizes.push(res.body.value.length);
    if (res.body['@odata.deltaLink'])
      return { ids, sizes, deltaLink: res.body['@odata.deltaLink'] as string };
    next = res.body['@odata.nextLink'];
  }
}

beforeAll(async () => {
  providers = await startFakeMailProviders({
    scopesOf: (_provider, token) => SCOPES[token] ?? null,
    gmailAddress: 'ada@sender.test',
  });
});
afterEach(() => providers.reset());
afterAll(() => providers.close());

describe('fake Gmail: profile and history', () => {
  it('threads a reply with the sent message it names and records both in history, in order', async () => {
    const start = await currentHistoryId();
    const sent = await gmailSend(
      mime(0, { To: 'reader1@example.test', 'Message-ID': '<msg-1@tailor.test>' }),
    );
    const reply = await providers.deliver('gmail', mime(1, { 'In-Reply-To': '<msg-1@tailor.test>' }));
    const other = await providers.deliver('gmail', mime(2));
    const forced = await providers.deliver('gmail', mime(3), { threadOf: other.id });
    expect(reply.threadId).toBe(sent.threadId);
    expect(other.threadId).toBe(other.id);
    expect(forced.threadId).toBe(other.id);
    await expect(providers.deliver('gmail', mime(4), { threadOf: 'nope' })).rejects.toThrow(
      /no gmail message/,
    );

    const res = await gmail(`history?startHistoryId=${start}&historyTypes=messageAdded`);
    expect(res.status).toBe(200);
    const [first, second] = res.body.history;
    expect(first).toEqual({
      id: expect.stringMatching(/^\d+$/),
      messages: [{ id: sent.id, threadId: sent.threadId }],
      messagesAdded: [{ message: { id: sent.id, threadId: sent.threadId, labelIds: ['SENT'] } }],
    });
    expect(second.messagesAdded[0].message).toMatchObject({
      id: reply.id,
      labelIds: expect.arrayContaining(['INBOX']),
    });
    const ids = res.body.history.map((h: { id: string }) => Number(h.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(Number(res.body.historyId)).toBe(ids.at(-1));

    const profile = await gmail('profile', 'gmail-compose');
    expect(profile.body).toEqual({
      emailAddress: 'ada@sender.test',
      messagesTotal: 4,
      threadsTotal: 2,
      historyId: res.body.historyId,
    });
    const inbox = await gmail(`history?startHistoryId=${start}&labelId=INBOX`);
    expect(inbox.body.history.map((h: { messages: { id: string }[] }) => h.messages[0]!.id)).toEqual([
      reply.id,
      other.id,
      forced.id,
    ]);
    // Nothing new since: Google leaves the list out and still says where history stands.
    expect((await gmail(`history?startHistoryId=${res.body.historyId}`)).body).toEqual({
      historyId: res.body.historyId,
    });
  });

  it('pages history by maxResults, losing and repeating nothing, even when mail arrives between pages', async () => {
    const start = await currentHistoryId();
    const delivered = [];
    for (let n = 0; n < 7; n++) delivered.push((await providers.deliver('gmail', mime(n))).id);
    const first = await gmail(`history?startHistoryId=${start}&maxResults=3`);
    const firstIds = first.body.history.map((h: { messages: { id: string }[] }) => h.messages[0]!.id);
    delivered.push((await providers.deliver('gmail', mime(7))).id);
    const rest = await historyPages(start, '&maxResults=3', first.body.nextPageToken);
    expect([firstIds.length, rest.pages]).toEqual([3, 2]);
    expect([...firstIds, ...rest.ids]).toEqual(delivered);
    expect(await historyPages(start, '&maxResults=500')).toEqual({ ids: delivered, pages: 1 });
  });

  it('refuses a missing or malformed startHistoryId, bad historyTypes and a send-only token', async () => {
    const missing = await gmail('history');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: 400,
      status: 'INVALID_ARGUMENT',
      errors: [{ reason: 'invalidArgument' }],
    });
    expect((await gmail('history?startHistoryId=abc')).status).toBe(400);
    const start = await currentHistoryId();
    // The request enum is singular: labelsAdded is a response field name, not a history type.
    expect((await gmail(`history?startHistoryId=${start}&historyTypes=labelsAdded`)).status).toBe(400);
    expect((await gmail(`history?startHistoryId=${start}&maxResults=-1`)).status).toBe(400);
    expect((await gmail(`history?startHistoryId=${start}&pageToken=garbage`)).status).toBe(400);
    const sendOnly = await gmail(`history?startHistoryId=${start}`, 'gmail-send-only');
    expect(sendOnly.status).toBe(403);
    expect(sendOnly.body.error.errors[0].reason).toBe('insufficientPermissions');
    expect((await gmail('profile', 'gmail-send-only')).status).toBe(403);
    expect((await gmail(`history?startHistoryId=${start}`, 'gmail-metadata')).status).toBe(200);
    expect((await gmail(`history?startHistoryId=${Number(start) + 10_000}`)).status).toBe(404);
  });

  it('answers 404 to every history cursor issued before the history expired', async () => {
    const start = await currentHistoryId();
    for (let n = 0; n < 3; n++) await providers.deliver('gmail', mime(n));
    const page = await gmail(`history?startHistoryId=${start}&maxResults=1`);
    providers.expireHistory('gmail');
    const expired = await gmail(`history?startHistoryId=${start}`);
    expect(expired.status).toBe(404);
    expect(expired.body.error).toMatchObject({
      code: 404,
      status: 'NOT_FOUND',
      errors: [{ reason: 'notFound' }],
    });
    const paged = await gmail(`history?startHistoryId=${start}&pageToken=${page.body.nextPageToken}`);
    expect(paged.status).toBe(404);
    // A full sync starts again from the profile's history id, which is valid.
    const fresh = await currentHistoryId();
    expect(Number(fresh)).toBeGreaterThan(Number(page.body.historyId));
    const reply = await providers.deliver('gmail', mime(9));
    expect((await historyPages(fresh)).ids).toEqual([reply.id]);
  });
});

describe('fake Gmail: messages.get and messages.list', () => {
  it('gets a delivered message as metadata, raw and minimal, with only the headers asked for', async () => {
    const at = new Date(Date.now() - 3 * DAY);
    const { id, threadId } = await providers.deliver(
      'gmail',
      mime(1, { Subject: '=?UTF-8?Q?R=C3=A9:_caf=C3=A9?=' }),
      { at },
    );
    const meta = await gmail(`messages/${id}?format=metadata&metadataHeaders=subject&metadataHeaders=From`);
    expect(meta.status).toBe(200);
    expect(meta.body).toEqual({
      id,
      threadId,
      labelIds: ['UNREAD', 'CATEGORY_PERSONAL', 'INBOX'],
      snippet: 'Thanks for writing, &lt;1&gt; &amp; co.',
      sizeEstimate: Buffer.byteLength(mime(1, { Subject: '=?UTF-8?Q?R=C3=A9:_caf=C3=A9?=' })),
      historyId: expect.stringMatching(/^\d+$/),
      internalDate: String(at.getTime()),
      payload: {
        partId: '',
        mimeType: 'text/plain',
        filename: '',
        headers: [
          { name: 'From', value: 'Reader 1 <reader1@example.test>' },
          { name: 'Subject', value: 'Ré: café' },
        ],
      },
    });
    const raw = await gmail(`messages/${id}?format=raw`);
    expect(Buffer.from(raw.body.raw, 'base64url').toString()).toContain('Message-ID: <reply-1@example.test>');
    expect(raw.body.payload).toBeUndefined();
    const minimal = await gmail(`messages/${id}?format=minimal`);
    expect(minimal.body.payload).toBeUndefined();
    expect(minimal.body.labelIds).toContain('INBOX');
    const full = await gmail(`messages/${id}`);
    expect(full.body.payload.parts[0]).toMatchObject({ mimeType: 'text/plain' });
  });

  it('refuses raw, full and a snippet under gmail.metadata, unknown ids and formats', async () => {
    const { id } = await providers.deliver('gmail', mime(1));
    for (const format of ['raw', 'full']) {
      const res = await gmail(`messages/${id}?format=${format}`, 'gmail-metadata');
      expect(res.status).toBe(403);
      expect(res.body.error.errors[0].reason).toBe('forbidden');
    }
    const meta = await gmail(`messages/${id}?format=metadata`, 'gmail-metadata');
    expect(meta.status).toBe(200);
    expect(meta.body.snippet).toBeUndefined();
    expect(meta.body.payload.headers.length).toBeGreaterThan(3);
    const unknown = await gmail('messages/0123456789abcdef?format=metadata');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.errors[0].reason).toBe('notFound');
    expect((await gmail('messages/not-an-id?format=metadata')).status).toBe(400);
    expect((await gmail(`messages/${id}?format=headers`)).status).toBe(400);
    expect((await gmail(`messages/${id}?format=metadata`, 'gmail-send-only')).status).toBe(403);
  });

  it('lists INBOX only, bounded by after: and newer_than:, in pages that lose and repeat nothing', async () => {
    const now = Date.now();
    const sent = await gmailSend(mime(0, { To: 'reader0@example.test' }));
    const old = await providers.deliver('gmail', mime(1), { at: new Date(now - 10 * DAY) });
    const recent = [];
    for (let n = 2; n < 7; n++)
      recent.push((await providers.deliver('gmail', mime(n), { at: new Date(now - n * 60_000) })).id);
    const all = await gmail('messages?labelIds=INBOX');
    expect(all.body.messages.map((m: { id: string }) => m.id)).toEqual([...recent, old.id]);
    expect(all.body.messages.map((m: { id: string }) => m.id)).not.toContain(sent.id);

    const after = Math.floor((now - 2 * DAY) / 1000);
    const pages: string[][] = [];
    let pageToken = '';
    do {
      const q = encodeURIComponent(`after:${after}`);
      const res = await gmail(
        `messages?labelIds=INBOX&q=${q}&maxResults=2${pageToken && `&pageToken=${pageToken}`}`,
      );
      expect(res.body.resultSizeEstimate).toBe(5);
      pages.push(res.body.messages.map((m: { id: string }) => m.id));
      pageToken = res.body.nextPageToken ?? '';
    } while (pageToken);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(recent);

    const newer = await gmail(`messages?q=${encodeURIComponent('in:inbox newer_than:2d')}&maxResults=900`);
    expect(newer.body.messages).toHaveLength(5);
    const older = await gmail(`messages?q=${encodeURIComponent('older_than:7d')}`);
    expect(older.body.messages).toEqual([{ id: old.id, threadId: old.threadId }]);
  });

  it('refuses q under gmail.metadata but lists by label, and refuses what it cannot read', async () => {
    await providers.deliver('gmail', mime(1));
    const byLabel = await gmail('messages?labelIds=INBOX', 'gmail-metadata');
    expect(byLabel.body.messages).toHaveLength(1);
    expect((await gmail('messages?q=newer_than%3A1d', 'gmail-metadata')).status).toBe(403);
    expect((await gmail('messages?labelIds=inbox')).status).toBe(400);
    expect((await gmail('messages?maxResults=ten')).status).toBe(400);
    expect((await gmail('messages?pageToken=%7B')).status).toBe(400);
    expect((await gmail(`messages?q=${encodeURIComponent('newer_than:2h')}`)).status).toBe(400);
    const unmodelled = await gmail('messages?q=hello');
    expect(unmodelled.status).toBe(400);
    expect(unmodelled.body.error.message).toMatch(/does not model/);
  });
});

describe('fake Graph: Inbox delta', () => {
  it('pages the first round by odata.maxpagesize, then gives only what arrived since', async () => {
    const sent = await fetch(`${providers.graphUrl}/v1.0/me/sendMail`, {
      method: 'POST',
      headers: { ...auth('graph-read'), 'content-type': 'text/plain' },
      body: Buffer.from(
        mime(0, { To: 'reader0@example.test', 'Message-ID': '<msg-0@tailor.test>' }),
      ).toString('base64'),
    });
    expect(sent.status).toBe(202);
    const delivered = [];
    for (let n = 1; n <= 5; n++) delivered.push((await providers.deliver('graph', mime(n))).id);
    const first = await graph('mailFolders/inbox/messages/delta', 'graph-read', {
      prefer: 'odata.maxpagesize=2',
    });
    expect(first.headers.get('preference-applied')).toBe('odata.maxpagesize=2');
    expect(first.body['@odata.nextLink']).toMatch(
      /\/graph\/v1\.0\/me\/mailFolders\('[^']+'\)\/messages\/delta\?\$skiptoken=/,
    );
    const round = await deltaRound(first.body['@odata.nextLink'], 'graph-read', 'odata.maxpagesize=2');
    expect([first.body.value.length, ...round.sizes]).toEqual([2, 2, 1]);
    expect([...first.body.value.map((m: { id: string }) => m.id), ...round.ids]).toEqual(delivered);

    const reply = await providers.deliver('graph', mime(6, { 'In-Reply-To': '<msg-0@tailor.test>' }));
    const next = await deltaRound(round.deltaLink);
    expect(next.ids).toEqual([reply.id]);
    const sentId = providers.sent('graph')[0]!.id;
    const sentItem = await graph(`messages/${sentId}?$select=conversationId`);
    expect(sentItem.body.conversationId).toBe(reply.threadId);
    expect((await deltaRound(next.deltaLink)).ids).toEqual([]);
  });

  it('pages 10 at a time by default and keeps $select in its links', async () => {
    for (let n = 0; n < 12; n++) await providers.deliver('graph', mime(n));
    const round = await deltaRound(
      `${providers.graphUrl}/v1.0/me/mailFolders/Inbox/messages/delta?$select=subject,from`,
    );
    expect(round.sizes).toEqual([10, 2]);
    await providers.deliver('graph', mime(12));
    const res = await graph(round.deltaLink);
    expect(res.body.value).toEqual([
      {
        '@odata.type': '#microsoft.graph.message',
        '@odata.etag': expect.any(String),
        id: expect.any(String),
        subject: 'Re: Hello 12',
        from: { emailAddress: { name: 'Reader 12', address: 'reader12@example.test' } },
      },
    ]);
  });

  it('Mail.ReadBasic gets no body, bodyPreview or MIME; headers only when selected', async () => {
    const { id, threadId } = await providers.deliver('graph', mime(1), {
      at: new Date('2024-05-01T10:00:00Z'),
    });
    const basic = await graph('mailFolders/inbox/messages/delta', 'graph-basic');
    const [message] = basic.body.value;
    expect(message).toMatchObject({
      id,
      conversationId: threadId,
      internetMessageId: '<reply-1@example.test>',
      subject: 'Re: Hello 1',
      receivedDateTime: '2024-05-01T10:00:00Z',
      isRead: false,
      from: { emailAddress: { name: 'Reader 1', address: 'reader1@example.test' } },
    });
    for (const withheld of ['body', 'bodyPreview', 'uniqueBody', 'internetMessageHeaders']) {
      expect(message).not.toHaveProperty(withheld);
    }
    const headers = await graph(
      'mailFolders/inbox/messages/delta?$select=internetMessageHeaders',
      'graph-basic',
    );
    expect(headers.body.value[0].internetMessageHeaders).toContainEqual({
      name: 'In-Reply-To',
      value: expect.any(String),
    } as never);
    const withBody = await graph('mailFolders/inbox/messages/delta?$select=id,bodyPreview', 'graph-basic');
    expect(withBody.status).toBe(403);
    expect(withBody.body.error.code).toBe('ErrorAccessDenied');
    const read = await graph('mailFolders/inbox/messages/delta', 'graph-read');
    expect(read.body.value[0].bodyPreview).toBe('Thanks for writing, <1> & co.');

    const whole = await graph(`messages/${id}/$value`, 'graph-read');
    expect([whole.status, whole.headers.get('content-type')]).toEqual([200, 'text/plain']);
    expect(whole.text).toBe(mime(1));
    expect((await graph(`messages/${id}/$value`, 'graph-basic')).status).toBe(403);
    const missing = await graph(`messages/AAMkADnope=/$value`, 'graph-read');
    expect([missing.status, missing.body.error.code]).toEqual([404, 'ErrorItemNotFound']);
  });

  it('answers 410 SyncStateNotFound to expired and unknown tokens, and 400 to unsupported queries', async () => {
    for (let n = 0; n < 3; n++) await providers.deliver('graph', mime(n));
    const first = await graph('mailFolders/inbox/messages/delta', 'graph-read', {
      prefer: 'odata.maxpagesize=2',
    });
    const nextLink: string = first.body['@odata.nextLink'];
    const { deltaLink } = await deltaRound(nextLink);
    // A skip token is not a delta token, nor the other way round.
    const swapped = deltaLink.replace('$deltatoken', '$skiptoken');
    expect((await graph(swapped)).status).toBe(410);
    providers.expireHistory('graph');
    for (const link of [deltaLink, nextLink, deltaLink.replace(/=[^=]+$/, '=unknown')]) {
      const res = await graph(link);
      expect(res.status).toBe(410);
      expect(res.body.error.code).toBe('SyncStateNotFound');
    }
    expect(
      (await deltaRound(`${providers.graphUrl}/v1.0/me/mailFolders/inbox/messages/delta`)).ids,
    ).toHaveLength(3);

    const bad = [
      '$select=subject,nope',
      '$search=%22hi%22',
      '$filter=isRead%20eq%20false',
      '$orderby=subject',
      'changeType=moved',
    ];
    for (const query of bad)
      expect((await graph(`mailFolders/inbox/messages/delta?${query}`)).status).toBe(400);
    expect((await graph('mailFolders/inbox/messages/delta', 'graph-send-only')).status).toBe(403);
    const since = await graph(
      'mailFolders/inbox/messages/delta?$filter=receivedDateTime%20ge%202999-01-01T00:00:00Z',
    );
    expect(since.body.value).toEqual([]);
  });
});

describe('control routes for out-of-process runs', () => {
  it('delivers posted MIME and expires history over HTTP', async () => {
    const control = `http://127.0.0.1:${providers.port}/__control`;
    const start = await currentHistoryId();
    const res = await fetch(`${control}/deliver/gmail`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: mime(1),
    });
    const { id, threadId } = await res.json();
    expect(providers.inbox('gmail').map((m) => [m.id, m.threadId])).toEqual([[id, threadId]]);
    expect((await gmail(`messages/${id}?format=metadata`)).status).toBe(200);
    const graphRes = await fetch(`${control}/deliver/graph`, { method: 'POST', body: mime(2) });
    expect(providers.inbox('graph')[0]?.id).toBe((await graphRes.json()).id);

    expect((await fetch(`${control}/expire-history/gmail`, { method: 'POST' })).status).toBe(200);
    expect((await gmail(`history?startHistoryId=${start}`)).status).toBe(404);
    const unknown = await fetch(`${control}/deliver/gmail?threadOf=nope`, { method: 'POST', body: mime(3) });
    expect(unknown.status).toBe(400);
  });
});

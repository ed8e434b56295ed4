/** Shared set-up and HTTP helpers of the fake Gmail and Graph inbox tests. */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type FakeMailProviders, startFakeMailProviders } from './mail-providers';

/** The fakes under test, started once per test file by startInboxFakesForThisFile(). */
export let providers: FakeMailProviders;

export const G = 'https://www.googleapis.com/auth/';
/** What each test token was granted, as the OIDC provider would tell. */
export const SCOPES: Record<string, string[]> = {
  'gmail-read': [`${G}gmail.send`, `${G}gmail.readonly`],
  'gmail-metadata': [`${G}gmail.metadata`],
  'gmail-compose': [`${G}gmail.compose`],
  'gmail-send-only': [`${G}gmail.send`],
  'graph-read': ['Mail.Send', 'Mail.Read'],
  'graph-basic': ['Mail.Send', 'Mail.ReadBasic'],
  'graph-send-only': ['Mail.Send'],
};

export const DAY = 86_400_000;
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** An RFC 5322 message; `extra` adds or replaces headers (In-Reply-To, References, …). */
export function mime(n: number, extra: Record<string, string> = {}): string {
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

export async function call(url: string, token: string, headers: Record<string, string> = {}) {
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
export const gmail = (path: string, token = 'gmail-read') =>
  call(`${providers.gmailUrl}/v1/users/me/${path}`, token);
export const graph = (pathOrLink: string, token = 'graph-read', headers: Record<string, string> = {}) =>
  call(
    pathOrLink.startsWith('http') ? pathOrLink : `${providers.graphUrl}/v1.0/me/${pathOrLink}`,
    token,
    headers,
  );

export async function gmailSend(raw: string, token = 'gmail-read') {
  const res = await fetch(`${providers.gmailUrl}/v1/users/me/messages/send`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify({ raw: Buffer.from(raw).toString('base64url') }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; threadId: string };
}

export const currentHistoryId = async () => (await gmail('profile')).body.historyId as string;

/** Every page of history.list from `start` (or from page `pageToken` on): the added message ids in order. */
export async function historyPages(start: string, query = '', from = '') {
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
export async function deltaRound(link: string, token = 'graph-read', prefer?: string) {
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

/** Starts the fakes before the file's tests, clears them after each, and stops them at the end. */
export function startInboxFakesForThisFile() {
  beforeAll(async () => {
    providers = await startFakeMailProviders({
      scopesOf: (_provider, token) => SCOPES[token] ?? null,
      gmailAddress: 'ada@sender.test',
    });
  });
  afterEach(() => providers.reset());
  afterAll(() => providers.close());
}

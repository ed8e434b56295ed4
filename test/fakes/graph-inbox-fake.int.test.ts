import { describe, expect, it } from 'vitest';
import {
  auth,
  currentHistoryId,
  deltaRound,
  gmail,
  graph,
  mime,
  providers,
  startInboxFakesForThisFile,
} from './inbox-fake-client';

startInboxFakesForThisFile();

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
    // Mail arriving mid-round belongs to the next round, so nothing is lost or given twice.
    const late = await providers.deliver('graph', mime(7));
    const round = await deltaRound(first.body['@odata.nextLink'], 'graph-read', 'odata.maxpagesize=2');
    expect([first.body.value.length, ...round.sizes]).toEqual([2, 2, 1]);
    expect([...first.body.value.map((m: { id: string }) => m.id), ...round.ids]).toEqual(delivered);

    const reply = await providers.deliver('graph', mime(6, { 'In-Reply-To': '<msg-0@tailor.test>' }));
    const next = await deltaRound(round.deltaLink);
    expect(next.ids).toEqual([late.id, reply.id]);
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
      name: 'Message-ID',
      value: '<reply-1@example.test>',
    });
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

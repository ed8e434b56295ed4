import { describe, expect, it } from 'vitest';
import {
  currentHistoryId,
  DAY,
  gmail,
  gmailSend,
  historyPages,
  mime,
  providers,
  startInboxFakesForThisFile,
} from './inbox-fake-client';

startInboxFakesForThisFile();

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
      expect(res.body.resultSizeEstimate).toBe(5 + pages.length);
      pages.push(res.body.messages.map((m: { id: string }) => m.id));
      pageToken = res.body.nextPageToken ?? '';
      // New mail lands on top of the list: the next page must neither repeat nor skip anything.
      await providers.deliver('gmail', mime(10 + pages.length));
    } while (pageToken);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(recent);

    const newer = await gmail(`messages?q=${encodeURIComponent('in:inbox newer_than:2d')}&maxResults=900`);
    expect(newer.body.messages).toHaveLength(8);
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
    const unmodelled = await gmail(`messages?q=${encodeURIComponent('"hello there"')}`);
    expect(unmodelled.status).toBe(400);
    expect(unmodelled.body.error.message).toMatch(/does not model/);
  });

  it('finds a bare word whole in the subject or the body, ignoring case, as the search box does', async () => {
    const plain = (n: number, subject: string, body: string) =>
      `From: r${n}@example.test\r\nTo: ada@sender.test\r\nSubject: ${subject}\r\nMessage-ID: <w-${n}@example.test>\r\n\r\n${body}\r\n`;
    const inBody = await providers.deliver('gmail', plain(1, 'Hello', 'Please UNSUBSCRIBE Jq3x_V9kLm2Pz8Rt'));
    const inSubject = await providers.deliver('gmail', plain(2, 'unsubscribe', 'Thanks'));
    const inLink = await providers.deliver(
      'gmail',
      plain(3, 'Hi', 'mailto:a@b.test?subject=unsubscribe%20x'),
    );
    await providers.deliver('gmail', plain(4, 'Hi', 'I unsubscribed last week.'));
    const res = await gmail(`messages?labelIds=INBOX&q=${encodeURIComponent('unsubscribe newer_than:1d')}`);
    const found = res.body.messages.map((m: { id: string }) => m.id).sort();
    expect(found).toEqual([inBody.id, inSubject.id, inLink.id].sort());
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../../src/server/db/schema';
import { type ImapInbox, openImapInbox } from '../../src/server/mail/imap-inbox';
import {
  CANDIDATE_HEADERS,
  CANDIDATE_SEARCH,
  candidatesAmong,
  type SentEmailLookup,
} from '../../src/server/services/conversations/candidates';
import { type Dovecot, dovecotUnavailable, imapSettingsOf, startDovecot } from './dovecot';

const unavailable = dovecotUnavailable();
if (unavailable) console.warn(`test/peers skipped: ${unavailable}`);

const MAILBOX = { user: 'carol@example.com', password: 'inbox-password' };
const FIXTURES = path.join(__dirname, '../fixtures/inbound');

const message = (from: string, subject: string, extra: string[] = []) =>
  [
    `From: ${from}`,
    'To: carol@example.com',
    `Subject: ${subject}`,
    `Message-ID: <${subject.replace(/\W+/g, '.')}@letters.example>`,
    'Date: Thu, 19 Nov 2026 08:00:00 +0000',
    ...extra,
    '',
    'Body.',
    '',
  ].join('\r\n');

/** Mail-system senders the corpus lacks, whose only sign is the sender. */
const SYSTEM_SENDERS = [
  message('"=?utf-8?Q?Mail_Delivery_System?=" <bounces@relay.example>', 'Notice one'),
  message('MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@contoso.example', 'Notice two'),
  message('Postmaster <postmaster@relay.example>', 'Notice three'),
  message('Henry <henry@example.org>', '=?utf-8?Q?UNSUBSCRIBE?='),
];
/** Mail no sign marks: a newsletter, and a person writing first. */
const PLAIN = [
  message('News <news@letters.example>', 'This week in gardening'),
  message('Dana <dana@example.org>', 'Lunch on Friday?', ['Content-Type: text/plain; charset=utf-8']),
];

/** A lookup that knows every Message-ID, so any message referring to one counts as ours. */
const everyIdIsOurs: SentEmailLookup = async (ids) =>
  ids.map((messageId, id) => ({
    id,
    messageId,
    workspaceId: 1 as WorkspaceId,
    campaignId: 1,
    recipientEmail: 'someone@example.org',
    userId: 1,
    userEmail: MAILBOX.user,
    sentAt: null,
  }));

describe.skipIf(unavailable !== null)('the IMAP server search that narrows what the sync reads', () => {
  let dovecot: Dovecot;
  let inbox: ImapInbox;
  const uidOf = new Map<number, string>();

  beforeAll(async () => {
    dovecot = await startDovecot({ users: [MAILBOX] });
    const corpus = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.eml'));
    const all = [
      ...corpus.map((f) => ({ name: f, raw: fs.readFileSync(path.join(FIXTURES, f)) })),
      ...SYSTEM_SENDERS.map((raw, i) => ({ name: `system sender ${i}`, raw: Buffer.from(raw) })),
      ...PLAIN.map((raw, i) => ({ name: `plain ${i}`, raw: Buffer.from(raw) })),
    ];
    for (const { name, raw } of all) uidOf.set((await dovecot.append(MAILBOX.user, raw)).uid, name);
    inbox = await openImapInbox(imapSettingsOf(dovecot, MAILBOX));
  });
  afterAll(async () => {
    await inbox?.close();
    await dovecot?.stop();
  });

  it('finds every message whose headers make it a candidate, and leaves plain mail on the server', async () => {
    const everything = await inbox.uidsAfter(0);
    expect(everything).toHaveLength(uidOf.size);
    const candidates = await candidatesAmong(
      everyIdIsOurs,
      await inbox.headers(everything, CANDIDATE_HEADERS),
    );
    const found = new Set(await inbox.uidsAfter(0, CANDIDATE_SEARCH));

    const missed = candidates.filter((c) => !found.has(c.uid)).map((c) => uidOf.get(c.uid));
    expect(missed).toEqual([]);
    // Every sign was exercised: the system senders and the encoded subject are candidates too.
    const names = candidates.map((c) => uidOf.get(c.uid));
    expect(names).toEqual(expect.arrayContaining(SYSTEM_SENDERS.map((_, i) => `system sender ${i}`)));
    expect(names).toContain('postfix-bounce-5.1.1.eml');
    expect([...found].map((uid) => uidOf.get(uid))).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^plain/)]),
    );
  });

  it('narrows a listing of what is new in the same way', async () => {
    const after = Math.max(...uidOf.keys()) - PLAIN.length - SYSTEM_SENDERS.length;
    const found = await inbox.uidsAfter(after, CANDIDATE_SEARCH);
    expect(found.map((uid) => uidOf.get(uid))).toEqual(SYSTEM_SENDERS.map((_, i) => `system sender ${i}`));
  });
});

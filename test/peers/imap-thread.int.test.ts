import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImapSettings } from '../../src/server/config';
import { openImapInbox } from '../../src/server/mail/imap-inbox';
import { CANDIDATE_HEADERS, SOURCE_LIMIT } from '../../src/server/services/conversations/candidates';
import { closeImapThread, openImapInboxOnThread } from '../../src/server/services/conversations/imap-thread';
import { parseRawMessage } from '../../src/server/services/conversations/inbound-message';
import { type Dovecot, dovecotUnavailable, imapSettingsOf, startDovecot } from './dovecot';

const unavailable = dovecotUnavailable();
if (unavailable) console.warn(`test/peers skipped: ${unavailable}`);

const MAILBOX = { user: 'dora@example.com', password: 'thread-password' };
const FIXTURES = path.join(__dirname, '../fixtures/inbound');
/** A bounce (its delivery report must come through) and a few more of the corpus. */
const CORPUS = [
  ...new Set([
    'postfix-bounce-5.1.1.eml',
    ...fs
      .readdirSync(FIXTURES)
      .filter((f) => f.endsWith('.eml'))
      .slice(0, 5),
  ]),
];

describe.skipIf(unavailable !== null)('the IMAP thread the sync reads on', () => {
  let dovecot: Dovecot;
  let settings: ImapSettings;

  beforeAll(async () => {
    dovecot = await startDovecot({ users: [MAILBOX] });
    for (const name of CORPUS) await dovecot.append(MAILBOX.user, fs.readFileSync(path.join(FIXTURES, name)));
    settings = imapSettingsOf(dovecot, MAILBOX);
  });
  afterAll(async () => {
    await closeImapThread();
    await dovecot?.stop();
  });

  it('lists, reads headers and parses messages exactly as this thread would', async () => {
    const here = await openImapInbox(settings);
    const there = await openImapInboxOnThread(settings);
    try {
      expect(there.uidValidity).toBe(here.uidValidity);
      const uids = await here.uidsAfter(0);
      expect(uids).toHaveLength(CORPUS.length);
      expect(await there.uidsAfter(0)).toEqual(uids);
      expect(await there.uidsSince(new Date(0))).toEqual(await here.uidsSince(new Date(0)));
      expect(await there.headers(uids, CANDIDATE_HEADERS)).toEqual(
        await here.headers(uids, CANDIDATE_HEADERS),
      );

      const sources = await here.sources(uids, SOURCE_LIMIT);
      const parsed = await there.messages(uids, SOURCE_LIMIT);
      expect([...parsed.keys()]).toEqual(uids);
      for (const uid of uids) {
        // Dates, the header Map and the delivery report come through whole.
        expect(parsed.get(uid)).toEqual(await parseRawMessage(sources.get(uid)!));
      }
      expect(parsed.get(uids[0]!)?.headers).toBeInstanceOf(Map);
    } finally {
      await here.close();
      await there.close();
    }
  });

  it("answers with the server's own words when IMAP_URL's password is wrong", async () => {
    const wrong = { ...settings, url: settings.url.replace(MAILBOX.password, 'not-the-password') };
    await expect(openImapInboxOnThread(wrong)).rejects.toThrow(/refused the user name or password/);
  });

  it('fails the calls in flight when the thread stops, and starts a new thread for the next sync', async () => {
    const inbox = await openImapInboxOnThread(settings);
    const uids = await inbox.uidsAfter(0);
    const inFlight = inbox.messages(uids, SOURCE_LIMIT);
    await closeImapThread();
    await expect(inFlight).rejects.toThrow(/The IMAP thread stopped/);
    await expect(inbox.uidsAfter(0)).rejects.toThrow(/The IMAP connection is closed/);

    const again = await openImapInboxOnThread(settings);
    expect(await again.uidsAfter(0)).toEqual(uids);
    await again.close();
  });
});

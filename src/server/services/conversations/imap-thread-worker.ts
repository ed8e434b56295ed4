import { answerCalls } from '../../lib/thread-calls';
import { type ImapInbox, openImapInbox } from '../../mail/imap-inbox';
import type { ImapThreadRequest } from './imap-thread';
import { type InboundMessage, parseRawMessage } from './inbound-message';

/** Runs on the IMAP thread (see imap-thread): the connections the syncs opened, by session number. */
const inboxes = new Map<number, ImapInbox>();
let nextSession = 1;

async function answer(request: ImapThreadRequest): Promise<unknown> {
  if (request.op === 'open') {
    const inbox = await openImapInbox(request.settings);
    const session = nextSession++;
    inboxes.set(session, inbox);
    return { session, uidValidity: inbox.uidValidity, uidNext: inbox.uidNext };
  }
  const inbox = inboxes.get(request.session);
  if (!inbox) throw new Error('The IMAP connection is closed');
  switch (request.op) {
    case 'uidsSince':
      return inbox.uidsSince(request.since, request.only);
    case 'uidsAfter':
      return inbox.uidsAfter(request.uid, request.only);
    case 'headers':
      return inbox.headers(request.uids, request.names);
    case 'messages': {
      const parsed = new Map<number, InboundMessage>();
      for (const [uid, source] of await inbox.sources(request.uids, request.maxBytes)) {
        const msg = await parseRawMessage(source).catch(() => null);
        if (msg) parsed.set(uid, msg);
      }
      return parsed;
    }
    case 'close':
      inboxes.delete(request.session);
      return inbox.close();
  }
}

answerCalls(answer);

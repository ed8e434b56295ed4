import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../src/server/db/schema';
import { inboundMessages, users } from '../src/server/db/schema';
import { parseRawMessage, referencedMessageIds } from '../src/server/services/conversations/inbound-message';
import { IMAP_SYNC_KEY } from '../src/server/services/conversations/sync-imap';
import { syncMailbox } from '../src/server/services/conversations/sync-mailbox';
import { judgeInbound } from '../src/server/services/conversations/verdict';
import type { FakeMailProviders } from './fakes/mail-providers';
import { type Dovecot, dovecotUnavailable, startDovecot } from './peers/dovecot';
import { createCampaign, createRecipientWithEmail, defaultMailboxIdOf } from './support/factories';
import { inboundFixture } from './support/inbound';
import { startProviderApp } from './support/provider-app';
import { signInWithProvider } from './support/provider-sign-in';
import { startTestApp, type TestApp } from './support/test-app';

const SENDER = 'alice@example.com';
const CORPUS = fs
  .readdirSync(path.join(import.meta.dirname, 'fixtures/inbound'))
  .filter((f) => f.endsWith('.eml'))
  .map((f) => f.replace(/\.eml$/, ''))
  .sort();
/** The Message-IDs of the emails the corpus answers, as sent, and whom each went to. */
const SENT = {
  '123.abc': 'bob@martin-sons.example',
  '124.def': 'carol@brightfield.example',
  '125.ghi': 'dave@northwind.example',
  '126.jkl': 'erin@contoso.example',
  '127.mno': 'frank@harbourview.example',
  '128.pqr': 'gina@oakridge.example',
  '129.stu': 'ivan.petrov@fjordline.example',
  '130.vwx': 'judy@example.com',
};
const OURS = Object.keys(SENT).map((n) => `tailor.${n}@mail.example.com`);
const RECIPIENTS = Object.values(SENT);

/**
 * What the sync must record for each message of the corpus, whichever mailbox it arrives in: what
 * the classifier says of it (its own tests prove that on the corpus), read for the email it refers
 * to (unreadable messages, reports about other addresses), when it is about one of our emails or
 * is an unsubscribe request; nothing otherwise.
 */
async function expectedRecords() {
  const expected = new Map<string, { kind: string; bounceKind: string | null }>();
  for (const name of CORPUS) {
    const msg = await parseRawMessage(inboundFixture(name));
    const ref = referencedMessageIds(msg).find((id) => OURS.includes(id));
    const at = ref ? OURS.indexOf(ref) : -1;
    const email =
      at >= 0
        ? { id: at + 1, workspaceId: 1 as WorkspaceId, campaignId: 1, recipientEmail: RECIPIENTS[at]! }
        : null;
    const verdict = judgeInbound(msg, { address: SENDER }, email);
    const ours = email !== null;
    if (verdict.kind === 'ignored' || (!ours && verdict.kind !== 'unsubscribe-request')) continue;
    expected.set(`message-id:${msg.messageId}`, {
      kind: verdict.kind,
      bounceKind: verdict.kind === 'bounce' ? verdict.severity : null,
    });
  }
  return expected;
}

async function sendTheCorpusEmails(t: TestApp, userId: number) {
  const campaign = await createCampaign(t.ctx.db, userId);
  for (const [i, id] of OURS.entries()) {
    await createRecipientWithEmail(t.ctx.db, campaign, {
      email: RECIPIENTS[i]!,
      status: 'sent',
      sentAt: new Date(),
      messageId: `<${id}>`,
    });
  }
}

async function recorded(t: TestApp, userId: number) {
  const rows = await t.ctx.db.select().from(inboundMessages).where(eq(inboundMessages.userId, userId));
  return new Map(
    rows.map((r) => [r.sourceKey, { kind: r.kind as string, bounceKind: r.bounceKind as string | null }]),
  );
}

/** The whole hand-written corpus through each kind of mailbox: IMAP (Dovecot), Gmail and Outlook. */
describe('every kind of inbound message, through every kind of mailbox', () => {
  const expected = expectedRecords();

  it('has replies, auto-replies, hard and soft bounces, unsubscribe requests, unreadable messages and reports about other addresses in the corpus', async () => {
    expect(new Set([...(await expected).values()].map((e) => e.bounceKind ?? e.kind))).toEqual(
      new Set([
        'reply',
        'auto-reply',
        'hard',
        'soft',
        'unsubscribe-request',
        'unreadable',
        'unrelated-bounce',
      ]),
    );
  });

  describe.skipIf(dovecotUnavailable() !== null)('IMAP', () => {
    let dovecot: Dovecot;
    let t: TestApp;
    let userId: number;
    beforeAll(async () => {
      dovecot = await startDovecot({ users: [{ user: SENDER, password: 'corpus-password' }] });
      t = await startTestApp('pglite', {
        IMAP_URL: `imap://${encodeURIComponent(SENDER)}:corpus-password@127.0.0.1:${dovecot.port}`,
      });
      await t.signIn(SENDER);
      userId = (await t.ctx.db.select().from(users).where(eq(users.email, SENDER)))[0]!.id;
      await sendTheCorpusEmails(t, userId);
    });
    afterAll(async () => {
      await t?.close();
      await dovecot?.stop();
    });

    it('records each message as the classifier says, and nothing else', async () => {
      for (const name of CORPUS) await dovecot.append(SENDER, inboundFixture(name));
      expect(await syncMailbox(t.ctx, IMAP_SYNC_KEY, () => new Date())).toMatchObject({
        read: CORPUS.length,
        recorded: (await expected).size,
      });
      expect(await recorded(t, userId)).toEqual(await expected);
    });
  });

  describe.each([
    ['Gmail', 'google', 'gmail'],
    ['Outlook', 'microsoft', 'graph'],
  ] as const)('%s', (_name, provider, fake) => {
    let mail: FakeMailProviders;
    let t: TestApp;
    let userId: number;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const app = await startProviderApp();
      ({ mail, t, close } = app);
      ({ userId } = await signInWithProvider(t, app.oidc, provider, SENDER));
      await sendTheCorpusEmails(t, userId);
    });
    afterAll(() => close?.());

    it('records each message as the classifier says, and nothing else', async () => {
      for (const name of CORPUS) await mail.deliver(fake, inboundFixture(name));
      const key = `mailbox:${await defaultMailboxIdOf(t.ctx.db, userId)}`;
      expect(await syncMailbox(t.ctx, key, () => new Date())).toMatchObject({
        read: CORPUS.length,
        recorded: (await expected).size,
      });
      expect(await recorded(t, userId)).toEqual(await expected);
    });
  });
});

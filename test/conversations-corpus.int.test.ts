import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundMessages, users } from '../src/server/db/schema';
import { classifyInbound } from '../src/server/services/conversations/classify';
import { parseRawMessage, referencedMessageIds } from '../src/server/services/conversations/inbound-message';
import { IMAP_SYNC_KEY } from '../src/server/services/conversations/sync-imap';
import { syncMailbox } from '../src/server/services/conversations/sync-mailbox';
import type { FakeMailProviders } from './fakes/mail-providers';
import { type Dovecot, dovecotUnavailable, startDovecot } from './peers/dovecot';
import { createCampaign, createRecipientWithEmail } from './support/factories';
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
/** The Message-IDs of the emails the corpus answers, as sent. */
const OURS = ['123.abc', '124.def', '125.ghi', '126.jkl', '127.mno', '128.pqr', '129.stu', '130.vwx'].map(
  (n) => `tailor.${n}@mail.example.com`,
);

/**
 * What the sync must record for each message of the corpus, whichever mailbox it arrives in: what
 * the classifier says of it (its own tests prove that on the corpus), when it is about one of our
 * emails or is an unsubscribe request; nothing otherwise.
 */
async function expectedRecords() {
  const expected = new Map<string, { kind: string; bounceKind: string | null }>();
  for (const name of CORPUS) {
    const msg = await parseRawMessage(inboundFixture(name));
    const verdict = classifyInbound(msg, { address: SENDER });
    const ours = referencedMessageIds(msg).some((id) => OURS.includes(id));
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
      email: `recipient${i}@example.org`,
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

  it('has replies, auto-replies, hard and soft bounces and unsubscribe requests in the corpus', async () => {
    expect(new Set([...(await expected).values()].map((e) => e.bounceKind ?? e.kind))).toEqual(
      new Set(['reply', 'auto-reply', 'hard', 'soft', 'unsubscribe-request']),
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
      expect(await syncMailbox(t.ctx, `${provider}:${userId}`, () => new Date())).toMatchObject({
        read: CORPUS.length,
        recorded: (await expected).size,
      });
      expect(await recorded(t, userId)).toEqual(await expected);
    });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignStats, emails, inboundMessages, unsubscribes } from '../src/server/db/schema';
import { parseRawMessage } from '../src/server/services/conversations/inbound-message';
import { type Mailbox, recordInbound } from '../src/server/services/conversations/record-inbound';
import { isUnsubscribed } from '../src/server/services/sending/suppression';
import { createUser, personalWorkspaceOf } from './support/factories';
import { inboundFixture, sentEmailsTheCorpusAnswers } from './support/inbound';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const fixture = (name: string) => parseRawMessage(inboundFixture(name));
const ARRIVED = new Date('2026-11-20T10:00:00Z');
let keys = 0;
const source = (key = `uid-${++keys}`, receivedAt = ARRIVED) => ({ key, receivedAt, link: null });

describe.each(testDatabases())('recording replies, bounces and unsubscribe requests (%s)', (kind) => {
  let t: TestApp;
  let mailbox: Mailbox;
  // The sent emails the fixtures refer to (tailor.123.abc and tailor.124.def at mail.example.com).
  let replied: number;
  let delayed: number;
  let campaignId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const user = await createUser(t.ctx.db, { email: 'alice@example.com' });
    mailbox = { userId: user.id, address: 'alice@example.com' };
    const sent = await sentEmailsTheCorpusAnswers(t.ctx.db, user.id, new Date('2026-11-19T09:00:00Z'));
    campaignId = sent.campaign.id;
    replied = sent.bob;
    delayed = sent.carol;
  });
  afterAll(() => t?.close());

  const emailRow = async (id: number) => (await t.ctx.db.select().from(emails).where(eq(emails.id, id)))[0]!;
  const inboundOf = (key: string) =>
    t.ctx.db
      .select()
      .from(inboundMessages)
      .where(and(eq(inboundMessages.userId, mailbox.userId), eq(inboundMessages.sourceKey, key)));
  const unsubscribeCount = async () =>
    (await t.ctx.db.select().from(campaignStats).where(eq(campaignStats.campaignId, campaignId)))[0]
      ?.unsubscribes ?? 0;

  it('a reply marks its email replied once, with a short snippet, however often it is read', async () => {
    const msg = await fixture('gmail-reply');
    const at = source('inbox-1');
    expect(await recordInbound(t.ctx.db, mailbox, at, msg)).toEqual({
      recorded: true,
      kind: 'reply',
      emailId: replied,
    });
    expect(await recordInbound(t.ctx.db, mailbox, at, msg)).toMatchObject({
      recorded: false,
      why: 'already recorded',
    });
    const rows = await inboundOf('inbox-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'reply', fromAddress: 'bob.martin@gmail.com', emailId: replied });
    expect(rows[0]!.snippet).toMatch(/^Hi Alice, Yes, we're planning a rollout/);
    expect(rows[0]!.snippet.length).toBeLessThanOrEqual(200);
    expect((await emailRow(replied)).repliedAt).toEqual(ARRIVED);
  });

  it('keeps the first reply time when an earlier reply is read later', async () => {
    const earlier = new Date('2026-11-19T12:00:00Z');
    await recordInbound(
      t.ctx.db,
      mailbox,
      source('inbox-0', earlier),
      await fixture('references-only-reply'),
    );
    await recordInbound(
      t.ctx.db,
      mailbox,
      source('inbox-9', new Date('2026-11-21T00:00:00Z')),
      await fixture('gmail-reply'),
    );
    expect((await emailRow(replied)).repliedAt).toEqual(earlier);
  });

  it('an out-of-office is kept as an auto-reply and does not count as a reply', async () => {
    const before = (await emailRow(delayed)).repliedAt;
    const msg = await fixture('out-of-office-rfc3834');
    expect(await recordInbound(t.ctx.db, mailbox, source(), msg)).toMatchObject({
      recorded: true,
      kind: 'auto-reply',
    });
    expect(before).toBeNull();
    expect((await emailRow(delayed)).repliedAt).toBeNull();
  });

  it('a delay report is a soft bounce: shown, not suppressed; a hard bounce is never softened', async () => {
    const delay = await fixture('postfix-delay-4.4.1');
    expect(await recordInbound(t.ctx.db, mailbox, source('delay-1'), delay)).toMatchObject({
      recorded: true,
      kind: 'bounce',
      emailId: delayed,
    });
    expect(await emailRow(delayed)).toMatchObject({ bounceKind: 'soft', bouncedAt: ARRIVED });
    expect((await inboundOf('delay-1'))[0]).toMatchObject({ bounceKind: 'soft', bounceStatus: '4.4.1' });
    expect(
      await isUnsubscribed(
        t.ctx.db,
        await personalWorkspaceOf(t.ctx.db, mailbox.userId),
        'carol@brightfield.example',
      ),
    ).toBe(false);
  });

  it('a hard bounce suppresses the address we sent to, without counting as an unsubscribe', async () => {
    const before = await unsubscribeCount();
    const bounce = await fixture('postfix-bounce-5.1.1');
    expect(await recordInbound(t.ctx.db, mailbox, source('bounce-1'), bounce)).toMatchObject({
      recorded: true,
      kind: 'bounce',
      emailId: replied,
    });
    expect(await emailRow(replied)).toMatchObject({ bounceKind: 'hard' });
    expect(
      await isUnsubscribed(
        t.ctx.db,
        await personalWorkspaceOf(t.ctx.db, mailbox.userId),
        'BOB@martin-sons.example',
      ),
    ).toBe(true);
    const [row] = await t.ctx.db
      .select()
      .from(unsubscribes)
      .where(eq(unsubscribes.email, 'bob@martin-sons.example'));
    expect(row).toMatchObject({ reason: 'bounced', campaignId, emailId: replied });
    expect(await unsubscribeCount()).toBe(before);

    // A delay report about the same email, read afterwards, leaves it hard.
    const delay = await fixture('postfix-delay-4.4.1');
    const bob = 'bob@martin-sons.example';
    const sameEmail = {
      ...delay.report!,
      originalMessageId: 'tailor.123.abc@mail.example.com',
      recipients: delay.report!.recipients.map((r) => ({
        ...r,
        finalRecipient: bob,
        originalRecipient: bob,
      })),
    };
    expect(await recordInbound(t.ctx.db, mailbox, source(), { ...delay, report: sameEmail })).toMatchObject({
      recorded: true,
      kind: 'bounce',
      emailId: replied,
    });
    expect((await emailRow(replied)).bounceKind).toBe('hard');
  });

  it('an emailed unsubscribe request suppresses its sender and counts for the campaign it answers', async () => {
    const before = await unsubscribeCount();
    expect(
      await recordInbound(t.ctx.db, mailbox, source(), await fixture('unsubscribe-reply')),
    ).toMatchObject({
      recorded: true,
      kind: 'unsubscribe-request',
      emailId: replied,
    });
    expect(
      await isUnsubscribed(
        t.ctx.db,
        await personalWorkspaceOf(t.ctx.db, mailbox.userId),
        'ivy.chen@cedarpoint.example',
      ),
    ).toBe(true);
    expect(await unsubscribeCount()).toBe(before + 1);

    // One that quotes none of our messages still suppresses whoever asked.
    expect(
      await recordInbound(t.ctx.db, mailbox, source(), await fixture('unsubscribe-subject')),
    ).toMatchObject({
      recorded: true,
      kind: 'unsubscribe-request',
      emailId: null,
    });
    const [row] = await t.ctx.db
      .select()
      .from(unsubscribes)
      .where(eq(unsubscribes.email, 'henry.ford@gmail.com'));
    expect(row).toMatchObject({ reason: 'email request', campaignId: null });
  });

  it('stores nothing of mail that is not about our emails, nor of read receipts', async () => {
    const stranger = await fixture('gmail-reply');
    const unrelated = { ...stranger, inReplyTo: ['someone.else@example.org'], references: [] };
    expect(await recordInbound(t.ctx.db, mailbox, source('unrelated'), unrelated)).toEqual({
      recorded: false,
      why: 'not ours',
    });
    expect(
      await recordInbound(t.ctx.db, mailbox, source('receipt'), await fixture('read-receipt')),
    ).toMatchObject({
      recorded: false,
      why: 'ignored',
    });
    expect(await inboundOf('unrelated')).toHaveLength(0);
    expect(await inboundOf('receipt')).toHaveLength(0);
  });

  it("never matches another user's sent email, even when a message quotes its Message-ID", async () => {
    const other = await createUser(t.ctx.db, { email: 'mallory@example.com' });
    const otherMailbox = { userId: other.id, address: 'mallory@example.com' };
    const outcome = await recordInbound(t.ctx.db, otherMailbox, source(), await fixture('gmail-reply'));
    expect(outcome).toEqual({ recorded: false, why: 'not ours' });
  });
});

import { and, eq, inArray, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignStats,
  emails,
  inboundMessages,
  recipients,
  unsubscribes,
  users,
} from '../src/server/db/schema';
import { parseRawMessage } from '../src/server/services/conversations/inbound-message';
import { type Mailbox, recordInbound } from '../src/server/services/conversations/record-inbound';
import { isUnsubscribed } from '../src/server/services/sending/suppression';
import {
  createCampaign,
  createCampaignWithFollowUps,
  createRecipientWithEmail,
  createUser,
  personalWorkspaceOf,
} from './support/factories';
import { emailedRequest, inboundFixture } from './support/inbound';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const ARRIVED = new Date('2026-12-02T12:00:00Z');
let keys = 0;
const source = () => ({ key: `pipeline-${++keys}`, receivedAt: ARRIVED, link: null });

describe.each(testDatabases())('what the mailbox sync may change (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());
  const db = () => t.ctx.db;

  /** A user (alice@…) with a campaign of two recipients, whose first emails are sent and have follow-ups waiting. */
  async function sentCampaignWithFollowUps() {
    const address = `owner-${++keys}@example.com`;
    const cookie = await t.signIn(address);
    const [user] = await db().select().from(users).where(eq(users.email, address));
    const mailbox: Mailbox = { userId: user!.id, address };
    const campaign = await createCampaignWithFollowUps(db(), mailbox.userId, 3);
    const firsts = await db()
      .select({ id: emails.id, recipientId: emails.recipientId })
      .from(emails)
      .where(and(eq(emails.campaignId, campaign.id), eq(emails.step, 1)))
      .orderBy(emails.recipientId);
    // The corpus's Message-IDs: tailor.123.abc and tailor.124.def; the follow-ups are approved.
    for (const [i, first] of firsts.slice(0, 2).entries())
      await db()
        .update(emails)
        .set({
          status: 'sent',
          sentAt: new Date('2026-11-30T10:00:00Z'),
          messageId: `<tailor.${['123.abc', '124.def'][i]}@mail.example.com>`,
        })
        .where(eq(emails.id, first.id));
    await db().execute(
      sql`update emails set status = 'waiting' where campaign_id = ${campaign.id} and step = 2 and is_approved`,
    );
    return { mailbox, campaign, cookie, firsts: firsts.slice(0, 2) };
  }

  const stats = async (campaignId: number) =>
    (await db().select().from(campaignStats).where(eq(campaignStats.campaignId, campaignId)))[0];
  const followUpsOf = async (recipientId: number) =>
    db()
      .select({ status: emails.status })
      .from(emails)
      .where(and(eq(emails.recipientId, recipientId), eq(emails.step, 2)));

  it('keeps a message it cannot read as unreadable: no reply counted, follow-ups still on, shown labelled', async () => {
    const { mailbox, campaign, cookie, firsts } = await sentCampaignWithFollowUps();
    for (const [i, name] of ['unreadable-no-blank-line', 'unreadable-broken-mime'].entries()) {
      const msg = await parseRawMessage(inboundFixture(name));
      expect(await recordInbound(db(), mailbox, source(), msg)).toEqual({
        recorded: true,
        kind: 'unreadable',
        emailId: firsts[i]!.id,
      });
    }
    for (const first of firsts) {
      const [row] = await db().select().from(emails).where(eq(emails.id, first.id));
      expect(row!.repliedAt).toBeNull();
      expect(await followUpsOf(first.recipientId)).toEqual([{ status: 'waiting' }]);
    }
    expect((await stats(campaign.id))?.replied ?? 0).toBe(0);

    // The owner sees it in the email's events, labelled, with our words for why: nothing of its body.
    const events = await t.app.inject({ url: `/api/emails/${firsts[0]!.id}/events`, headers: { cookie } });
    expect(events.statusCode).toBe(200);
    const inbound = events.json().events.filter((e: { type: string }) => e.type === 'inbound');
    expect(inbound).toMatchObject([
      {
        message: {
          kind: 'unreadable',
          fromAddress: 'tom.baker@lakeside-logistics.example',
          snippet: expect.stringMatching(
            /^Could not be read \(no blank line between the header and the body\)/,
          ),
        },
      },
    ]);
    const replies = await t.app.inject({ url: `/api/campaigns/${campaign.id}/replies`, headers: { cookie } });
    expect(replies.json().items).toEqual([]);
  });

  it('a bounce report that cites our email but names another address changes nothing', async () => {
    const { mailbox, campaign, firsts } = await sentCampaignWithFollowUps();
    const bob = (await db().select().from(emails).where(eq(emails.id, firsts[0]!.id)))[0]!;
    const [{ email: bobAddress } = { email: '' }] = await db()
      .select({ email: recipients.email })
      .from(recipients)
      .where(eq(recipients.id, bob.recipientId));
    const msg = await parseRawMessage(inboundFixture('bounce-other-recipient'));
    expect(await recordInbound(db(), mailbox, source(), msg)).toEqual({
      recorded: true,
      kind: 'unrelated-bounce',
      emailId: bob.id,
    });
    const [after] = await db().select().from(emails).where(eq(emails.id, bob.id));
    expect(after).toMatchObject({ bounceKind: null, bouncedAt: null });
    expect(await isUnsubscribed(db(), await personalWorkspaceOf(db(), mailbox.userId), bobAddress)).toBe(
      false,
    );
    expect(
      await isUnsubscribed(db(), await personalWorkspaceOf(db(), mailbox.userId), 'victor@elsewhere.example'),
    ).toBe(false);
    expect(await followUpsOf(bob.recipientId)).toEqual([{ status: 'waiting' }]);
    expect((await stats(campaign.id))?.bounced ?? 0).toBe(0);
    const [kept] = await db()
      .select()
      .from(inboundMessages)
      .where(and(eq(inboundMessages.userId, mailbox.userId), eq(inboundMessages.emailId, bob.id)));
    expect(kept).toMatchObject({ kind: 'unrelated-bounce', bounceKind: null });
    expect(kept!.snippet).toContain('victor@elsewhere.example');

    // The same report naming our recipient as the original one (mail forwarded on) is a hard bounce.
    const forwarded = inboundFixture('bounce-other-recipient')
      .toString()
      .replace(
        'Original-Recipient: rfc822;victor@elsewhere.example',
        `Original-Recipient: rfc822;${bobAddress}`,
      )
      .replace(
        '<20261202110217.9C3E21A0017@relay.elsewhere.example>',
        '<forwarded-report@relay.elsewhere.example>',
      );
    expect(await recordInbound(db(), mailbox, source(), await parseRawMessage(forwarded))).toMatchObject({
      kind: 'bounce',
    });
    expect(await isUnsubscribed(db(), await personalWorkspaceOf(db(), mailbox.userId), bobAddress)).toBe(
      true,
    );
    expect(await followUpsOf(bob.recipientId)).toEqual([{ status: 'stopped' }]);
  });

  it('exports hard bounces as bounces, each suppression with its reason and a bounce with its diagnostic', async () => {
    const { cookie, campaign, firsts, mailbox } = await sentCampaignWithFollowUps();
    const [first, second] = await db()
      .select({ id: emails.id, token: emails.trackingToken, address: recipients.email })
      .from(emails)
      .innerJoin(recipients, eq(recipients.id, emails.recipientId))
      .where(
        inArray(
          emails.id,
          firsts.map((f) => f.id),
        ),
      )
      .orderBy(emails.id);
    // A hard bounce of the first email (the report names its address), a one-click unsubscribe of
    // the second, and an emailed request quoting none of ours.
    const bounce = inboundFixture('postfix-bounce-5.1.1')
      .toString()
      .replaceAll('bob@martin-sons.example', first!.address);
    expect(await recordInbound(db(), mailbox, source(), await parseRawMessage(bounce))).toMatchObject({
      kind: 'bounce',
    });
    await t.app.inject({
      method: 'POST',
      url: `/u/${second!.token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    const request = emailedRequest('walker@elsewhere.example', mailbox.address, 'unsubscribe');
    expect(await recordInbound(db(), mailbox, source(), await parseRawMessage(request))).toMatchObject({
      kind: 'unsubscribe-request',
    });

    const res = await t.app.inject({ url: '/api/export-data', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const rows = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true }).data;
    const listed = rows
      .filter((r) => r.record_type === 'bounce' || r.record_type === 'unsubscribe')
      .map(({ record_type, recipient_email, campaign_id, reason, bounce_diagnostic }) => ({
        record_type,
        recipient_email,
        campaign_id,
        reason,
        bounce_diagnostic,
      }));
    expect(listed).toEqual([
      {
        record_type: 'bounce',
        recipient_email: first!.address,
        campaign_id: String(campaign.id),
        reason: 'bounced',
        bounce_diagnostic: expect.stringMatching(
          /^5\.1\.1 550 5\.1\.1 <[^>]+>: Recipient address rejected: User unknown/,
        ),
      },
      {
        record_type: 'unsubscribe',
        recipient_email: second!.address,
        campaign_id: String(campaign.id),
        reason: 'one-click',
        bounce_diagnostic: '',
      },
      {
        record_type: 'unsubscribe',
        recipient_email: 'walker@elsewhere.example',
        campaign_id: '',
        reason: 'email request',
        bounce_diagnostic: '',
      },
    ]);
  });

  describe('an emailed unsubscribe request with the token of the List-Unsubscribe mailto', () => {
    async function sentEmail() {
      const n = ++keys;
      const address = `reader-${n}@example.org`;
      const user = await createUser(db(), { email: `sender-${n}@example.com` });
      const campaign = await createCampaign(db(), user.id);
      const { email } = await createRecipientWithEmail(db(), campaign, {
        email: address,
        status: 'sent',
        sentAt: new Date('2026-11-30T10:00:00Z'),
        messageId: `<sent-${n}@mail.example.com>`,
      });
      const mailbox: Mailbox = { userId: user.id, address: `sender-${n}@example.com` };
      return { user, campaign, email, address, mailbox };
    }
    const unsubscribeRow = async (userId: number, address: string) =>
      (
        await db()
          .select()
          .from(unsubscribes)
          .where(and(eq(unsubscribes.userId, userId), eq(unsubscribes.email, address)))
      )[0];

    it('counts for its campaign exactly once, with the one-click unsubscribe of the same email', async () => {
      for (const subject of ['unsubscribe', 'Re: unsubscribe', 'AW: Unsubscribe']) {
        const { mailbox, campaign, email, address } = await sentEmail();
        const raw = emailedRequest(address, mailbox.address, `${subject} ${email.trackingToken}`);
        expect(await recordInbound(db(), mailbox, source(), await parseRawMessage(raw))).toEqual({
          recorded: true,
          kind: 'unsubscribe-request',
          emailId: email.id,
        });
        expect(await unsubscribeRow(mailbox.userId, address)).toMatchObject({
          reason: 'email request',
          campaignId: campaign.id,
          emailId: email.id,
        });
        expect((await stats(campaign.id))?.unsubscribes).toBe(1);
        // The one-click POST of the same email, after: still one unsubscribe.
        const oneClick = await t.app.inject({
          method: 'POST',
          url: `/u/${email.trackingToken}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(oneClick.statusCode).toBe(200);
        expect((await stats(campaign.id))?.unsubscribes).toBe(1);
      }
    });

    it('reads the token in the body too, and after a one-click counts nothing twice', async () => {
      const { mailbox, campaign, email, address } = await sentEmail();
      await t.app.inject({
        method: 'POST',
        url: `/u/${email.trackingToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect((await stats(campaign.id))?.unsubscribes).toBe(1);
      const raw = emailedRequest(
        address,
        mailbox.address,
        'Please take me off',
        `unsubscribe ${email.trackingToken}`,
      );
      expect(await recordInbound(db(), mailbox, source(), await parseRawMessage(raw))).toMatchObject({
        kind: 'unsubscribe-request',
        emailId: email.id,
      });
      expect((await stats(campaign.id))?.unsubscribes).toBe(1);
      expect(await unsubscribeRow(mailbox.userId, address)).toMatchObject({
        reason: 'one-click',
        emailId: email.id,
      });
    });

    it("suppresses only whoever asked: another address, or another user's token, ties nothing to the email", async () => {
      const { mailbox, campaign, email, address } = await sentEmail();
      // Someone else with the token (a forwarded email): they are not written to again, the recipient is.
      const raw = emailedRequest(
        'mallory@elsewhere.example',
        mailbox.address,
        `unsubscribe ${email.trackingToken}`,
      );
      expect(await recordInbound(db(), mailbox, source(), await parseRawMessage(raw))).toEqual({
        recorded: true,
        kind: 'unsubscribe-request',
        emailId: null,
      });
      expect(await isUnsubscribed(db(), await personalWorkspaceOf(db(), mailbox.userId), address)).toBe(
        false,
      );
      expect(await unsubscribeRow(mailbox.userId, 'mallory@elsewhere.example')).toMatchObject({
        campaignId: null,
        emailId: null,
      });
      expect((await stats(campaign.id))?.unsubscribes ?? 0).toBe(0);

      // The recipient of another user's email, writing to this user with that email's token.
      const other = await sentEmail();
      const crossed = emailedRequest(
        other.address,
        mailbox.address,
        `unsubscribe ${other.email.trackingToken}`,
      );
      expect(await recordInbound(db(), mailbox, source(), await parseRawMessage(crossed))).toMatchObject({
        kind: 'unsubscribe-request',
        emailId: null,
      });
      expect(await isUnsubscribed(db(), await personalWorkspaceOf(db(), other.user.id), other.address)).toBe(
        false,
      );
      expect((await stats(other.campaign.id))?.unsubscribes ?? 0).toBe(0);
      expect(await unsubscribeRow(mailbox.userId, other.address)).toMatchObject({ campaignId: null });
    });
  });
});

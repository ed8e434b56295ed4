import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, users } from '../src/server/db/schema';
import { parseRawMessage } from '../src/server/services/conversations/inbound-message';
import { recordInbound } from '../src/server/services/conversations/record-inbound';
import { createCampaign, createRecipientWithEmail } from './support/factories';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const SENDER = 'sender@example.com';

/** An Exchange "no longer with the company" auto-reply, without a return date. */
const notice = (to: string, inReplyTo: string, id: string) =>
  [
    `From: Tom Baker <${to}>`,
    `To: ${SENDER}`,
    'Subject: Automatic reply: Quick question',
    `Message-ID: <${id}@cedarpoint.example>`,
    `In-Reply-To: ${inReplyTo}`,
    'Auto-Submitted: auto-replied',
    'Date: Thu, 3 Dec 2026 10:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Thank you for your message. Tom Baker is no longer with Cedar Point.',
    'Please contact Dana Whitfield (dana.whitfield@cedarpoint.example) instead.',
  ].join('\r\n');

describe.each(testDatabases())('a "no longer with the company" notice (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    cookie = await t.signIn(SENDER);
    userId = (await t.ctx.db.select().from(users).where(eq(users.email, SENDER)))[0]!.id;
  });
  afterAll(() => t?.close());

  it("stops the recipient's follow-ups, is no reply, and names the colleague in the conversation", async () => {
    const campaign = await createCampaign(t.ctx.db, userId);
    const messageId = '<tailor.left.1@mail.example.com>';
    const { recipient, email } = await createRecipientWithEmail(t.ctx.db, campaign, {
      email: 'tom.baker@cedarpoint.example',
      status: 'sent',
      sentAt: new Date('2026-12-01T09:00:00Z'),
      messageId,
    });
    const [followUp] = await t.ctx.db
      .insert(emails)
      .values({
        userId,
        workspaceId: campaign.workspaceId,
        campaignId: campaign.id,
        recipientId: recipient.id,
        step: 2,
        subject: 'Following up',
        body: '<p>Hello again</p>',
        status: 'scheduled',
        scheduledFor: new Date('2026-12-08T09:00:00Z'),
        trackingToken: crypto.randomBytes(16).toString('base64url'),
      })
      .returning();

    const outcome = await recordInbound(
      t.ctx.db,
      { userId, address: SENDER },
      { key: 'left-1', receivedAt: new Date('2026-12-03T10:00:00Z'), link: null },
      await parseRawMessage(notice(recipient.email, messageId, 'left-1')),
    );
    expect(outcome).toEqual({ recorded: true, kind: 'left-company', emailId: email.id });

    const rows = await t.ctx.db.select().from(emails).where(eq(emails.recipientId, recipient.id));
    expect(rows.find((r) => r.id === followUp!.id)).toMatchObject({
      status: 'stopped',
      errorMessage: 'Stopped: left the company (notice of 3 Dec)',
      scheduledFor: null,
    });
    expect(rows.find((r) => r.id === email.id)?.repliedAt).toBeNull();

    const events = await t.app.inject({ url: `/api/emails/${email.id}/events`, headers: { cookie } });
    expect(events.statusCode).toBe(200);
    expect(events.json().events).toContainEqual(
      expect.objectContaining({
        type: 'inbound',
        message: expect.objectContaining({
          kind: 'left-company',
          colleague: { name: 'Dana Whitfield', address: 'dana.whitfield@cedarpoint.example' },
        }),
      }),
    );
  });
});

import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  campaignSteps,
  campaigns,
  emails,
  inboundMessages,
  recipients,
  templates,
  unsubscribes,
  users,
  type WorkspaceId,
} from '../src/server/db/schema';
import { parseRawMessage } from '../src/server/services/conversations/inbound-message';
import { recordInbound } from '../src/server/services/conversations/record-inbound';
import { createCampaign, createRecipientWithEmail, personalWorkspaceOf } from './support/factories';
import { waitUntil } from './support/http-client';
import { personAnswer } from './support/inbound';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const SENT = new Date('2026-11-30T09:00:00Z');
const MAPPING = { email: 'Email', first_name: 'First Name', company: 'Company', job_title: 'Title' };

/**
 * "Wrong person" in the inbox: the colleague a reply named, added to the reply's campaign as a new
 * recipient whose emails generation writes and leaves in review (docs/product.md §16).
 */
describe.each(testDatabases())('adding the colleague a reply named (%s)', (kind) => {
  let t: TestApp;
  let alice: { cookie: string; id: number; workspace: WorkspaceId };
  let bob: { cookie: string };
  let campaignId: number;
  let bobRecipient: number;
  let wrongPerson: number;
  let interested: number;

  const add = (who: { cookie: string }, id: number, payload: object = {}, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/inbox/${id}/colleague`,
      headers: { cookie: who.cookie, ...(key && { 'idempotency-key': key }) },
      payload,
    });
  const campaignRow = async () =>
    (await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0]!;
  const recipientsOf = () =>
    t.ctx.db
      .select()
      .from(recipients)
      .where(eq(recipients.campaignId, campaignId))
      .orderBy(asc(recipients.id));
  const emailsOf = (recipientId: number) =>
    t.ctx.db.select().from(emails).where(eq(emails.recipientId, recipientId)).orderBy(asc(emails.step));

  async function record(from: string, body: string, n: number) {
    const raw = personAnswer({
      from,
      inReplyTo: 'tailor.123.abc@mail.example.com',
      id: `colleague-${n}`,
      body,
    });
    await recordInbound(
      t.ctx.db,
      { userId: alice.id, address: 'alice@example.com' },
      { key: `colleague-${n}`, receivedAt: new Date('2026-11-30T15:00:00Z'), link: null },
      await parseRawMessage(Buffer.from(raw)),
    );
    const [row] = await t.ctx.db
      .select({ id: inboundMessages.id })
      .from(inboundMessages)
      .where(and(eq(inboundMessages.userId, alice.id), eq(inboundMessages.sourceKey, `colleague-${n}`)));
    return row!.id;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    const cookie = await t.signIn('alice@example.com');
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, 'alice@example.com'));
    alice = { cookie, id: user!.id, workspace: await personalWorkspaceOf(t.ctx.db, user!.id) };
    bob = { cookie: await t.signIn('bob@example.com') };
    const [first, second] = await t.ctx.db
      .insert(templates)
      .values(
        [1, 2].map((step) => ({
          workspaceId: alice.workspace,
          userId: alice.id,
          name: `Step ${step}`,
          type: 'template' as const,
          subjectTemplate: `Step ${step} for {{ company }}`,
          bodyTemplate: `<p>Hello {{ first_name }} at {{ company }} ({{ job_title }})</p>`,
          variables: ['email', 'first_name', 'company', 'job_title'],
        })),
      )
      .returning();
    // Both emails to Bob went out; his second step stopped at his reply.
    const campaign = await createCampaign(t.ctx.db, alice.id, {
      status: 'completed',
      templateId: first!.id,
      columnMapping: MAPPING,
      recipientCount: 2,
    });
    campaignId = campaign.id;
    await t.ctx.db
      .insert(campaignSteps)
      .values({ campaignId, step: 2, delayDays: 3, templateId: second!.id });
    const row = (email: string, first: string, company: string) => ({
      Email: email,
      'First Name': first,
      'Last Name': 'Martin',
      Company: company,
      Title: 'Head of Operations',
      'Mobile Phone': '+33 6 12 34 56 78',
      'LinkedIn URL': 'https://linkedin.example/in/someone',
      City: 'Lyon',
      'Company Phone': '+33 4 00 00 00 00',
    });
    const sent = { status: 'sent' as const, sentAt: SENT };
    const bobs = await createRecipientWithEmail(t.ctx.db, campaign, {
      ...sent,
      email: 'bob@martin-sons.example',
      company: 'Martin & Sons',
      data: row('bob@martin-sons.example', 'Bob', 'Martin & Sons'),
      messageId: '<tailor.123.abc@mail.example.com>',
    });
    const carols = await createRecipientWithEmail(t.ctx.db, campaign, {
      ...sent,
      email: 'carol@brightfield.example',
      data: row('carol@brightfield.example', 'Carol', 'Brightfield'),
      messageId: '<tailor.124.def@mail.example.com>',
    });
    bobRecipient = bobs.recipient.id;
    await t.ctx.db
      .update(recipients)
      .set({ timeZone: 'Europe/Paris' })
      .where(eq(recipients.id, bobRecipient));
    await t.ctx.db.insert(emails).values(
      [bobs, carols].map(({ email }) => ({
        workspaceId: alice.workspace,
        userId: alice.id,
        campaignId,
        recipientId: email.recipientId,
        step: 2,
        subject: 'Re: Hello',
        body: '<p>Following up</p>',
        status: 'stopped' as const,
        trackingToken: crypto.randomBytes(16).toString('base64url'),
      })),
    );
    wrongPerson = await record(
      'bob@martin-sons.example',
      "I'm not the right person for this. Please write to maria.lopez@acme.example, she runs our logistics.",
      1,
    );
    interested = await record('bob@martin-sons.example', 'Sounds interesting! Send me the deck.', 2);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the colleague from the reply', async () => {
    const [row] = await t.ctx.db.select().from(inboundMessages).where(eq(inboundMessages.id, wrongPerson));
    expect(row).toMatchObject({ category: 'wrong-person', colleagueAddress: 'maria.lopez@acme.example' });
  });

  it("adds the reply's colleague with the company's columns and none of the person's, then writes every step for review", async () => {
    const res = await add(alice, wrongPerson, {}, 'add-maria');
    expect(res.statusCode, res.body).toBe(200);
    const added = res.json();
    expect(added).toMatchObject({ campaignId, email: 'maria.lopez@acme.example' });

    const maria = (await recipientsOf()).find((r) => r.id === added.recipientId)!;
    expect(maria).toMatchObject({
      email: 'maria.lopez@acme.example',
      company: 'Martin & Sons',
      jobTitle: null,
      timeZone: 'Europe/Paris',
      mailboxId: null,
      data: {
        Email: 'maria.lopez@acme.example',
        'First Name': '',
        'Last Name': '',
        Title: '',
        'Mobile Phone': '',
        'LinkedIn URL': '',
        Company: 'Martin & Sons',
        City: 'Lyon',
        'Company Phone': '+33 4 00 00 00 00',
      },
    });
    expect((await campaignRow()).recipientCount).toBe(3);

    const drafts = await waitUntil(
      async () => {
        const [campaign, written] = await Promise.all([campaignRow(), emailsOf(maria.id)]);
        return campaign.status !== 'generating' && written.length === 2 && written;
      },
      60_000,
      "the colleague's emails written",
    );
    expect(drafts.map((e) => [e.step, e.status, e.isApproved])).toEqual([
      [1, 'draft', false],
      [2, 'draft', false],
    ]);
    expect(drafts[0]!.subject).toBe('Step 1 for Martin & Sons');
    expect(drafts[0]!.attentionReason).toBe('No value for: first_name, job_title');
    // Back from generating; its new drafts make it ready again. Nobody else got an email.
    expect(await campaignRow()).toMatchObject({ status: 'ready', generationError: null });
    expect(await emailsOf(bobRecipient)).toHaveLength(2);
    const [entry] = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.workspaceId, alice.workspace), eq(auditEvents.action, 'campaign.recipient_added')),
      );
    expect(entry).toMatchObject({
      actorId: alice.id,
      subjectType: 'campaign',
      subjectId: campaignId,
      detail: { recipientId: maria.id, answerId: wrongPerson },
    });

    // A retried request with the same key answers the same and adds nobody.
    const again = await add(alice, wrongPerson, {}, 'add-maria');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(added);
    expect(await recipientsOf()).toHaveLength(3);
    expect((await campaignRow()).recipientCount).toBe(3);
  });

  it('refuses an address that is already a recipient of the campaign, in any letter case', async () => {
    for (const address of ['CAROL@Brightfield.example', 'Maria.Lopez@ACME.example']) {
      const res = await add(alice, wrongPerson, { address });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toContain('already a recipient of this campaign');
    }
    expect(await recipientsOf()).toHaveLength(3);
  });

  it('refuses an address on the suppression list', async () => {
    await t.ctx.db
      .insert(unsubscribes)
      .values({ workspaceId: alice.workspace, userId: alice.id, email: 'Gone@Acme.example', reason: 'link' });
    const res = await add(alice, wrongPerson, { address: 'gone@acme.example' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain('suppression list');
    expect(await recipientsOf()).toHaveLength(3);
  });

  it('asks for an address when neither the request nor the answer gives one', async () => {
    const res = await add(alice, interested);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toContain('names no colleague');
  });

  it('waits while the campaign is generating', async () => {
    await t.ctx.db.update(campaigns).set({ status: 'generating' }).where(eq(campaigns.id, campaignId));
    const res = await add(alice, interested, { address: 'someone.else@acme.example' });
    await t.ctx.db.update(campaigns).set({ status: 'ready' }).where(eq(campaigns.id, campaignId));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain('try again once generation has finished');
    expect(await recipientsOf()).toHaveLength(3);
  });

  it("answers 404 to another workspace's answer, and adds nobody", async () => {
    const res = await add(bob, wrongPerson, { address: 'taken@over.example' });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe('Answer not found');
    expect((await add(alice, 2_147_483_000)).statusCode).toBe(404);
    expect(await recipientsOf()).toHaveLength(3);
  });
});

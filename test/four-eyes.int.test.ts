import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOUR_EYES_MESSAGE } from '../src/contract/workspaces';
import { emails } from '../src/server/db/schema';
import { createCampaignThroughApi, createTemplateThroughApi } from './support/api-campaign';
import { readSse } from './support/http';
import { httpClient, joinWorkspace, waitUntil } from './support/http-client';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

type Client = ReturnType<typeof httpClient>;

/**
 * Four-eyes approval, a workspace setting: an email counts as approved only when someone other
 * than the person who generated it (or last edited it) approved it. "Approve all" approves only
 * what this person may approve and says how many it left.
 */
describe.each(testDatabases())('four-eyes approval (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  let team: number;
  let alice: Client;
  const member = (email: string, role: string) => joinWorkspace(alice, base, team, email, role);
  const rowsOf = (campaignId: number) =>
    t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaignId)).orderBy(emails.id);

  beforeAll(async () => {
    t = await startTestApp(kind, { GENERATION_CHUNK_SECONDS: '5' }, { listen: true });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const owner = httpClient(base);
    await owner.json('POST', '/api/auth/local', { email: `owner-${kind}@example.com` });
    team = (await owner.json('POST', '/api/workspaces', { name: 'Reviewed team' })).id;
    alice = httpClient(base, owner.cookie(), team);
  });
  afterAll(() => t.close());

  it('holds what a person wrote for someone else to approve, then lets the writer send it', async () => {
    expect(await alice.json('PUT', '/api/workspace', { fourEyes: true })).toMatchObject({ fourEyes: true });
    const sam = await member(`sam-${kind}@example.com`, 'sender');
    const rita = await member(`rita-${kind}@example.com`, 'reviewer');

    const template = await createTemplateThroughApi(sam.client, 'fixed');
    const campaignId = await createCampaignThroughApi(sam.client, {
      name: 'Checked twice',
      templateId: template.id,
      count: 3,
      address: (i) => `lead${i}-${kind}@example.com`,
    });
    const stream = await sam.client.request('POST', `/api/campaigns/${campaignId}/generate-emails`);
    expect((await readSse(stream)).at(-1)).toMatchObject({ event: 'complete' });
    const written = await rowsOf(campaignId);
    expect(written.map((e) => e.writtenBy)).toEqual([sam.id, sam.id, sam.id]);

    // "Approve all without findings" counts only what this person may approve: none of Sam's own.
    const withoutFindings = async (as: Client) =>
      (await as.json('GET', `/api/campaigns/${campaignId}/emails?limit=50`)).counts.withoutFindings as number;
    // As when the draft checks read a longer text and found nothing (this short one draws a note):
    // once they have read all three, so their own write cannot come after this one.
    const counts = async () =>
      (await rita.client.json('GET', `/api/campaigns/${campaignId}/emails?limit=50`)).counts;
    await waitUntil(
      async () => (await counts()).unchecked === 0,
      20_000,
      'the draft checks to read all three',
    );
    await t.ctx.db.update(emails).set({ findings: [] }).where(eq(emails.campaignId, campaignId));
    expect(await withoutFindings(rita.client)).toBe(3);
    expect(await withoutFindings(sam.client)).toBe(0);

    const own = await sam.client.request('PUT', `/api/emails/${written[0]!.id}`, { isApproved: true });
    expect(own.status).toBe(403);
    expect((await own.json()).message).toBe(FOUR_EYES_MESSAGE);
    expect(await sam.client.json('POST', `/api/campaigns/${campaignId}/approve-all`, {})).toEqual({
      approved: 0,
      held: 3,
      heldForOthers: 3,
    });
    expect(await rita.client.json('POST', `/api/campaigns/${campaignId}/approve-all`, {})).toEqual({
      approved: 3,
      held: 0,
      heldForOthers: 0,
    });
    expect((await rowsOf(campaignId)).map((e) => [e.isApproved, e.approvedBy])).toEqual([
      [true, rita.id],
      [true, rita.id],
      [true, rita.id],
    ]);

    // Rita's edit makes her the writer: its approval is gone, and only someone else gives it back.
    const edited = await rita.client.json('PUT', `/api/emails/${written[1]!.id}`, {
      subject: 'Hi, a shorter note',
      body: '<p>Hello there</p>',
    });
    expect(edited).toMatchObject({ isApproved: false, isEdited: true });
    expect(
      (await rita.client.request('PUT', `/api/emails/${written[1]!.id}`, { isApproved: true })).status,
    ).toBe(403);
    expect(await sam.client.json('PUT', `/api/emails/${written[1]!.id}`, { isApproved: true })).toMatchObject(
      {
        isApproved: true,
      },
    );

    // A reviewer never sends; the maker sends from their own mailbox.
    expect((await rita.client.request('POST', `/api/campaigns/${campaignId}/send-approved`, {})).status).toBe(
      403,
    );
    expect(await sam.client.json('POST', `/api/campaigns/${campaignId}/send-approved`, {})).toMatchObject({
      successCount: 3,
    });
  });

  it('lets the writer approve their own emails once the setting is off', async () => {
    expect(await alice.json('PUT', '/api/workspace', { fourEyes: false })).toMatchObject({ fourEyes: false });
    const template = await createTemplateThroughApi(alice, 'fixed');
    const campaignId = await createCampaignThroughApi(alice, {
      name: 'Alone',
      templateId: template.id,
      count: 2,
      address: (i) => `solo${i}-${kind}@example.com`,
    });
    const stream = await alice.request('POST', `/api/campaigns/${campaignId}/generate-emails`);
    expect((await readSse(stream)).at(-1)).toMatchObject({ event: 'complete' });
    expect(await alice.json('POST', `/api/campaigns/${campaignId}/approve-all`, {})).toEqual({
      approved: 2,
      held: 0,
      heldForOthers: 0,
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailAuthorship } from '../src/contract/campaigns';
import { campaigns, type WorkspaceId } from '../src/server/db/schema';
import { createCampaignThroughApi, createTemplateThroughApi } from './support/api-campaign';
import { createReadyCampaign } from './support/factories';
import { readSse } from './support/http';
import { httpClient, joinWorkspace } from './support/http-client';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

type Client = ReturnType<typeof httpClient>;
type Listed = { id: number; isApproved: boolean; authorship?: EmailAuthorship };

/**
 * The review names who generated each email, who last edited it and who approved it (display
 * names: the name, else the address), "a former member" once that person's account is gone, and
 * null for what nobody did or the app does not know.
 */
describe.each(testDatabases())('who wrote, edited and approved an email (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  let team: number;
  let owner: Client;
  const join = (email: string, role: string, name?: { firstName: string; lastName: string }) =>
    joinWorkspace(owner, base, team, email, role, name);
  const pageOf = async (as: Client, campaignId: number) =>
    (await as.json('GET', `/api/campaigns/${campaignId}/emails?limit=50`)).items as Listed[];
  const authorshipIn = async (as: Client, campaignId: number, emailId: number) =>
    (await pageOf(as, campaignId)).find((e) => e.id === emailId)?.authorship;

  beforeAll(async () => {
    t = await startTestApp(kind, { GENERATION_CHUNK_SECONDS: '5' }, { listen: true });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const signIn = httpClient(base);
    await signIn.json('POST', '/api/auth/local', { email: `owner-${kind}@example.com` });
    team = (await signIn.json('POST', '/api/workspaces', { name: 'Named team' })).id;
    owner = httpClient(base, signIn.cookie(), team);
  });
  afterAll(() => t.close());

  it('names the generator, the editor and the approver, then a former member for a deleted account', async () => {
    const alice = await join(`alice-${kind}@example.com`, 'sender', {
      firstName: 'Alice',
      lastName: 'Archer',
    });
    const bob = await join(`bob-${kind}@example.com`, 'reviewer', { firstName: 'Bob', lastName: 'Baker' });
    const carol = await join(`carol-${kind}@example.com`, 'reviewer', {
      firstName: 'Carol',
      lastName: 'Cole',
    });
    // No name: the address stands for them.
    const dan = await join(`dan-${kind}@example.com`, 'reviewer');

    const template = await createTemplateThroughApi(alice.client, 'fixed');
    const campaignId = await createCampaignThroughApi(alice.client, {
      name: 'Named drafts',
      templateId: template.id,
      count: 2,
      address: (i) => `named${i}-${kind}@example.com`,
    });
    const stream = await alice.client.request('POST', `/api/campaigns/${campaignId}/generate-emails`);
    expect((await readSse(stream)).at(-1)).toMatchObject({ event: 'complete' });
    const [first, second] = await pageOf(carol.client, campaignId);
    const generated = { writerId: alice.id, generatedBy: 'Alice Archer', editedBy: null, approvedBy: null };
    expect(first!.authorship).toEqual(generated);
    expect(second!.authorship).toEqual(generated);

    // Bob's edit makes him the writer; the campaign still names Alice as who generated it.
    const edited = await bob.client.json('PUT', `/api/emails/${first!.id}`, {
      subject: 'A shorter hello',
      body: '<p>Hello there</p>',
    });
    const afterEdit = {
      writerId: bob.id,
      generatedBy: 'Alice Archer',
      editedBy: 'Bob Baker',
      approvedBy: null,
    };
    expect(edited.authorship).toEqual(afterEdit);
    expect(await authorshipIn(alice.client, campaignId, first!.id)).toEqual(afterEdit);
    // A later generation by someone else (of another step) changes the campaign's generator, not
    // who generated this email.
    const me = await owner.json('GET', '/api/auth/user');
    await t.ctx.db.update(campaigns).set({ generatedBy: me.id }).where(eq(campaigns.id, campaignId));
    expect(await authorshipIn(alice.client, campaignId, first!.id)).toEqual(afterEdit);

    // Carol approves: her reply and the page both name her.
    const approved = await carol.client.json('PUT', `/api/emails/${first!.id}`, { isApproved: true });
    const afterApproval = { ...afterEdit, approvedBy: 'Carol Cole' };
    expect(approved.authorship).toEqual(afterApproval);
    expect(await authorshipIn(alice.client, campaignId, first!.id)).toEqual(afterApproval);

    // An approver without a name is named by their address; a withdrawn approval names nobody.
    const byDan = await dan.client.json('PUT', `/api/emails/${second!.id}`, { isApproved: true });
    expect(byDan.authorship).toEqual({ ...generated, approvedBy: dan.email });
    const withdrawn = await dan.client.json('PUT', `/api/emails/${second!.id}`, { isApproved: false });
    expect(withdrawn.authorship).toEqual(generated);

    // Bob and Carol delete their accounts: the email still says someone edited and approved it.
    for (const gone of [bob, carol])
      await gone.client.json('DELETE', '/api/account', { confirmation: gone.email });
    expect(await authorshipIn(alice.client, campaignId, first!.id)).toEqual({
      writerId: bob.id,
      generatedBy: 'Alice Archer',
      editedBy: 'a former member',
      approvedBy: 'a former member',
    });
  });

  it('names nobody for approved emails from before teams', async () => {
    const me = await owner.json('GET', '/api/auth/user');
    // Approved as the upgrade left them: no generator, writer or approver recorded.
    const campaign = await createReadyCampaign(t.ctx.db, me.id, 2, { workspaceId: team as WorkspaceId });
    const listed = await pageOf(owner, campaign.id);
    expect(listed.map((e) => [e.isApproved, e.authorship])).toEqual([
      [true, { writerId: null, generatedBy: null, editedBy: null, approvedBy: null }],
      [true, { writerId: null, generatedBy: null, editedBy: null, approvedBy: null }],
    ]);
  });
});

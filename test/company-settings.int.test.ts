import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignThroughApi, createTemplateThroughApi } from './support/api-campaign';
import { readSse } from './support/http';
import { httpClient, joinWorkspace } from './support/http-client';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

type Client = ReturnType<typeof httpClient>;

const COMPANY = {
  companyName: 'Northwind Traders',
  streetAddress: '1 Harbour Way',
  city: 'Bristol',
  state: 'Avon',
  zipCode: 'BS1 4ST',
  recipientReason: 'you asked about our crates',
};

/**
 * The company a workspace sends for is the workspace's: its owners set the name, postal address,
 * the footer's reason and the sender profile once, and every member's emails carry them. Name and
 * signature stay each person's own.
 */
describe.each(testDatabases())('company settings belong to the workspace (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  let team: number;
  let owner: Client;
  let sender: Client;

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { listen: true });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const signIn = httpClient(base);
    await signIn.json('POST', '/api/auth/local', { email: `olive-${kind}@example.com` });
    team = (await signIn.json('POST', '/api/workspaces', { name: 'Northwind' })).id;
    owner = httpClient(base, signIn.cookie(), team);
    sender = (await joinWorkspace(owner, base, team, `sid-${kind}@example.com`, 'sender')).client;
  });
  afterAll(() => t.close());

  it("gives every member the owner's company settings, with their own name and signature", async () => {
    await owner.json('POST', '/api/sender-settings', {
      ...COMPANY,
      profile: { whatWeDo: 'Wooden crates for wine merchants', proofPoints: ['Since 1990'] },
    });
    await sender.json('POST', '/api/sender-settings', {
      name: 'Sid Sender',
      signature: '<p>Sid, Northwind</p>',
      // The form sends the company fields as they stand: no change, so a sender may save it.
      ...COMPANY,
    });
    const seen = await sender.json('GET', '/api/sender-settings');
    expect(seen).toMatchObject({ ...COMPANY, name: 'Sid Sender', signature: '<p>Sid, Northwind</p>' });
    expect(seen.profile).toMatchObject({
      whatWeDo: 'Wooden crates for wine merchants',
      proofPoints: ['Since 1990'],
    });
    expect(seen.defaultUnsubscribeMessage).toContain('1 Harbour Way');
    expect(seen.defaultUnsubscribeMessage).toContain('you asked about our crates');
    // The owner's own name is untouched by the sender's save.
    expect((await owner.json('GET', '/api/sender-settings')).signature).toBeNull();

    // The sender's email leaves with the workspace's postal address and the sender's name.
    const template = await createTemplateThroughApi(sender, 'fixed');
    const campaignId = await createCampaignThroughApi(sender, {
      name: 'Crates',
      templateId: template.id,
      count: 1,
      address: (i) => `buyer${i}-${kind}@example.com`,
    });
    const stream = await sender.request('POST', `/api/campaigns/${campaignId}/generate-emails`);
    expect((await readSse(stream)).at(-1)).toMatchObject({ event: 'complete' });
    const [email] = (await sender.json('GET', `/api/campaigns/${campaignId}/emails`)).items;
    const preview = await sender.json('GET', `/api/emails/${email.id}/preview`);
    expect(preview.from).toContain('Sid Sender');
    expect(preview.text).toContain('Northwind Traders, 1 Harbour Way');
  });

  it("refuses a sender's change to the company with a 403 naming the role, and keeps what was saved", async () => {
    const res = await sender.request('POST', '/api/sender-settings', {
      name: 'Sid S.',
      companyName: 'Sid Ltd',
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(
      'Your role in this workspace (sender) cannot do this: it needs owner',
    );
    const profile = await sender.request('POST', '/api/sender-settings', {
      profile: { offer: 'Free crates' },
    });
    expect(profile.status).toBe(403);
    expect(await sender.json('GET', '/api/sender-settings')).toMatchObject({
      name: 'Sid Sender',
      companyName: 'Northwind Traders',
      profile: { offer: null },
    });
  });

  it("keeps each workspace's company apart, and records who changed it", async () => {
    const personal = httpClient(base, owner.cookie());
    const own = await personal.json('GET', '/api/sender-settings');
    expect(own.companyName).toBeNull();
    await personal.json('POST', '/api/sender-settings', { companyName: 'Olive Consulting' });
    expect((await owner.json('GET', '/api/sender-settings')).companyName).toBe('Northwind Traders');

    const { items } = await owner.json('GET', '/api/workspace/audit');
    const changes = items.filter((e: { action: string }) => e.action === 'workspace.settings_changed');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ actor: `olive-${kind}@example.com` });
    expect(changes[0].detail.fields).toEqual(
      expect.arrayContaining(['companyName', 'streetAddress', 'recipientReason', 'profile']),
    );
  });
});

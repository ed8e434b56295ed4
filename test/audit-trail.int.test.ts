import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, emails, type WorkspaceId, workspaces } from '../src/server/db/schema';
import { createCampaignThroughApi, createTemplateThroughApi } from './support/api-campaign';
import { readSse } from './support/http';
import { httpClient, joinWorkspace } from './support/http-client';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

/**
 * The workspace's record of who did what: written with each change, read and exported by owners,
 * and never changed afterwards (the database refuses it).
 */
describe.each(testDatabases())('the audit trail (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  let team: WorkspaceId;
  let owner: ReturnType<typeof httpClient>;
  const ownerEmail = `audit-owner-${kind}@example.com`;
  const reviewerEmail = `audit-reviewer-${kind}@example.com`;

  beforeAll(async () => {
    t = await startTestApp(kind, { GENERATION_CHUNK_SECONDS: '5' }, { listen: true });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const signIn = httpClient(base);
    await signIn.json('POST', '/api/auth/local', { email: ownerEmail });
    team = (await signIn.json('POST', '/api/workspaces', { name: 'Audited' })).id;
    owner = httpClient(base, signIn.cookie(), team);
  });
  afterAll(() => t.close());

  it('records who did what, in order, and exports it as CSV with the export itself in it', async () => {
    const { client: reviewer, id: reviewerId } = await joinWorkspace(
      owner,
      base,
      team,
      reviewerEmail,
      'viewer',
    );
    await owner.json('PUT', `/api/workspace/members/${reviewerId}`, { role: 'reviewer' });
    await owner.json('PUT', '/api/workspace', { fourEyes: true });

    const template = await createTemplateThroughApi(owner, 'fixed');
    const campaignId = await createCampaignThroughApi(owner, {
      name: 'Recorded',
      templateId: template.id,
      count: 3,
      address: (i) => `r${i}-${kind}@example.com`,
    });
    expect(
      (await readSse(await owner.request('POST', `/api/campaigns/${campaignId}/generate-emails`))).at(-1),
    ).toMatchObject({ event: 'complete' });
    const [first, second] = await t.ctx.db
      .select()
      .from(emails)
      .where(eq(emails.campaignId, campaignId))
      .orderBy(emails.id);
    await reviewer.json('PUT', `/api/emails/${first!.id}`, { subject: 'Hi, edited', body: '<p>Edited</p>' });
    await owner.json('PUT', `/api/emails/${first!.id}`, { isApproved: true });
    await reviewer.json('PUT', `/api/emails/${second!.id}`, { findingsDismissed: true });
    expect(await reviewer.json('POST', `/api/campaigns/${campaignId}/approve-all`, {})).toMatchObject({
      approved: 2,
    });
    const other = await owner.json('POST', '/api/campaigns', { name: 'Short-lived', templateId: null });
    await owner.json('DELETE', `/api/campaigns/${other.id}`);
    await (await owner.request('GET', '/api/export-data')).text();

    const { items } = await owner.json('GET', '/api/workspace/audit?limit=100');
    const lines = [...items]
      .reverse()
      .map((e: { actor: string; action: string }) => `${e.actor} ${e.action}`);
    expect(lines).toEqual([
      `${ownerEmail} workspace.created`,
      `${ownerEmail} invitation.created`,
      `${reviewerEmail} invitation.accepted`,
      `${ownerEmail} member.role_changed`,
      `${ownerEmail} workspace.settings_changed`,
      `${ownerEmail} email.generated`,
      `${ownerEmail} email.generated`,
      `${ownerEmail} email.generated`,
      `${reviewerEmail} email.edited`,
      `${ownerEmail} email.approved`,
      `${reviewerEmail} email.findings_dismissed`,
      `${reviewerEmail} email.approved`,
      `${reviewerEmail} email.approved`,
      `${ownerEmail} campaign.deleted`,
      `${ownerEmail} export.data`,
    ]);
    const generated = items.find((e: { action: string }) => e.action === 'email.generated');
    expect(generated.detail).toEqual({
      provider: null,
      model: null,
      promptHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      senderProfileHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const edit = items.find((e: { action: string }) => e.action === 'email.edited');
    expect(edit).toMatchObject({
      subjectType: 'email',
      subjectId: first!.id,
      detail: { subject: { to: 'Hi, edited' }, bodyChanged: true },
    });
    expect(items.find((e: { action: string }) => e.action === 'member.role_changed').detail).toEqual({
      from: 'viewer',
      to: 'reviewer',
    });
    expect(items.find((e: { action: string }) => e.action === 'campaign.deleted').detail).toEqual({
      name: 'Short-lived',
    });

    const exported = await owner.request('GET', '/api/workspace/audit/export');
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = Papa.parse<string[]>((await exported.text()).trim()).data;
    expect(rows[0]).toEqual(['id', 'at', 'actor', 'action', 'subject_type', 'subject_id', 'detail']);
    expect(rows.slice(1).map((r) => r[3])).toEqual([...lines.map((l) => l.split(' ')[1]), 'export.audit']);
    // A reviewer reads no record.
    expect((await reviewer.request('GET', '/api/workspace/audit')).status).toBe(403);
  });

  it('refuses every change to the record, but lets it go with its workspace', async () => {
    const change = (statement: ReturnType<typeof sql>) =>
      t.ctx.db.execute(statement).then(
        () => 'done',
        (err) => String(err.cause ?? err),
      );
    expect(await change(sql`update ${auditEvents} set action = 'nothing happened'`)).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await change(sql`delete from ${auditEvents} where workspace_id = ${team}`)).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await change(sql`truncate ${auditEvents}`)).toMatch(/append-only: TRUNCATE refused/);
    const count = async () =>
      (
        await t.ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditEvents)
          .where(eq(auditEvents.workspaceId, team))
      )[0]!.n;
    expect(await count()).toBeGreaterThan(10);
    await t.ctx.db.delete(workspaces).where(eq(workspaces.id, team));
    expect(await count()).toBe(0);
  });
});

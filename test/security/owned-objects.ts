import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  apiTokens,
  campaigns,
  emailOpens,
  emails,
  generatedImages,
  inboundMessages,
  invitations,
  memberships,
  recipients,
  senderSettings,
  templates,
  unsubscribes,
  users,
  webhookEndpoints,
  workspaceSettings,
} from '../../src/server/db/schema';
import { createReadyCampaign, createRecipientWithEmail, personalWorkspaceOf } from '../support/factories';
import type { TestApp } from '../support/test-app';
import { csvUpload, ID_ROUTES, type IdKind, pathWith, type Route, routeKey } from './route-table';

export type OwnedObjects = {
  userId: number;
  cookie: string;
  ids: Record<IdKind, number[]>;
  /** Strings only this user's data contains: finding one in another user's answer is a leak. */
  markers: string[];
};

/**
 * One user with an object of every kind, made through the real API where one exists: a template,
 * a campaign with uploaded recipients, a ready campaign with generated (approved) emails, one
 * email scheduled, one sent and opened, an unsubscribe, a generated image and sender settings.
 */
export async function createOwnedObjects(t: TestApp, name = 'alice'): Promise<OwnedObjects> {
  const tag = `${name}-${crypto.randomBytes(4).toString('hex')}`;
  const address = `${tag}@example.com`;
  const cookie = await t.signIn(address);
  const me = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json();
  const ok = <T>(res: { statusCode: number; body: string; json(): T }, what: string) => {
    if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  const template = ok<{ id: number }>(
    await t.app.inject({
      method: 'POST',
      url: '/api/templates',
      headers: { cookie },
      payload: {
        name: `Template ${tag}`,
        type: 'template',
        subjectTemplate: `Subject ${tag}`,
        bodyTemplate: 'Hello {{email}}',
      },
    }),
    'create template',
  );
  const uploaded = ok<{ id: number }>(
    await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: { cookie },
      payload: { name: `Campaign ${tag}`, templateId: template.id, description: `Secret ${tag}` },
    }),
    'create campaign',
  );
  const csv = csvUpload(`email,company\nlead-${tag}@example.com,Company ${tag}\n`);
  ok(
    await t.app.inject({
      method: 'POST',
      url: pathWith('/api/campaigns/:id/upload-csv', uploaded.id),
      headers: { cookie, 'content-type': csv.contentType },
      payload: csv.payload,
    }),
    'upload recipients',
  );

  const ready = await createReadyCampaign(t.ctx.db, me.id, 3, {
    name: `Ready ${tag}`,
    templateId: template.id,
  });
  const drafts = await t.ctx.db
    .select({ id: emails.id })
    .from(emails)
    .where(eq(emails.campaignId, ready.id))
    .orderBy(emails.id);
  const scheduledId = drafts[1]!.id;
  ok(
    await t.app.inject({
      method: 'PUT',
      url: pathWith('/api/emails/:id', scheduledId),
      headers: { cookie },
      payload: { scheduledFor: new Date(Date.now() + 7 * 86_400_000).toISOString() },
    }),
    'schedule an email',
  );
  const sent = await createRecipientWithEmail(t.ctx.db, ready, {
    email: `opener-${tag}@example.com`,
    subject: `Sent ${tag}`,
    status: 'sent',
    sentAt: new Date(),
  });
  const pixel = await t.app.inject({
    url: `/t/o/${sent.email.trackingToken}.gif`,
    headers: { 'user-agent': 'Thunderbird' },
  });
  if (pixel.statusCode !== 200) throw new Error(`open pixel: ${pixel.statusCode}`);
  const unsubscribed = await t.app.inject({ method: 'POST', url: `/u/${sent.email.trackingToken}` });
  if (unsubscribed.statusCode !== 200) throw new Error(`unsubscribe: ${unsubscribed.statusCode}`);
  await t.ctx.db.insert(generatedImages).values({
    userId: me.id,
    token: crypto.randomBytes(16).toString('base64url'),
    mediaType: 'image/png',
    data: Buffer.from(tag).toString('base64'),
    prompt: `Image ${tag}`,
  });
  ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/sender-settings',
      headers: { cookie },
      payload: { companyName: `Company ${tag}`, city: 'Paris' },
    }),
    'save sender settings',
  );

  const invitation = ok<{ id: number }>(
    await t.app.inject({
      method: 'POST',
      url: '/api/workspace/invitations',
      headers: { cookie },
      payload: { email: `invitee-${tag}@example.com`, role: 'reviewer' },
    }),
    'invite a member',
  );

  const apiToken = ok<{ id: number }>(
    await t.app.inject({
      method: 'POST',
      url: '/api/workspace/api-tokens',
      headers: { cookie },
      payload: { name: `Token ${tag}`, scopes: ['read'] },
    }),
    'make an API token',
  );

  // An answer to the sent email, as the mailbox sync records one; before the webhook endpoint, so
  // no delivery of it runs (and changes) while the suites compare snapshots.
  const [answer] = await t.ctx.db
    .insert(inboundMessages)
    .values({
      userId: me.id,
      workspaceId: await personalWorkspaceOf(t.ctx.db, me.id),
      emailId: sent.email.id,
      sourceKey: `message-id:answer-${tag}@example.org`,
      kind: 'reply',
      fromAddress: `opener-${tag}@example.com`,
      subject: `Re: Sent ${tag}`,
      snippet: `Answer ${tag}`,
      category: 'question',
      categorySource: 'rules',
      receivedAt: new Date(),
    })
    .returning({ id: inboundMessages.id });

  const webhook = ok<{ endpoint: { id: number } }>(
    await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie },
      payload: { url: `https://hooks.example.com/${tag}`, description: `Endpoint ${tag}` },
    }),
    'add a webhook endpoint',
  );

  return {
    userId: me.id,
    cookie,
    ids: {
      answer: [answer!.id],
      campaign: [uploaded.id, ready.id],
      template: [template.id],
      email: [drafts[0]!.id, scheduledId, sent.email.id],
      member: [me.id],
      invitation: [invitation.id],
      apiToken: [apiToken.id],
      webhook: [webhook.endpoint.id],
      mailbox: ok<{ id: number }[]>(
        await t.app.inject({ url: '/api/mailboxes', headers: { cookie } }),
        'mailboxes',
      ).map((m) => m.id),
    },
    markers: [tag, String(sent.email.trackingToken)],
  };
}

/**
 * Everything the user owns, as rows and as the user's own GET answers (every GET route of the
 * table, with each of the user's ids), for before/after comparisons.
 */
export async function snapshotOf(t: TestApp, owner: OwnedObjects, routes: Route[]) {
  const db = t.ctx.db;
  const campaignIds = (
    await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.userId, owner.userId))
  ).map((c) => c.id);
  const ownWorkspaces = (await db.select().from(memberships).where(eq(memberships.userId, owner.userId))).map(
    (m) => m.workspaceId,
  );
  const rows = {
    user: await db.select().from(users).where(eq(users.id, owner.userId)),
    templates: await db
      .select()
      .from(templates)
      .where(eq(templates.userId, owner.userId))
      .orderBy(templates.id),
    campaigns: await db
      .select()
      .from(campaigns)
      .where(eq(campaigns.userId, owner.userId))
      .orderBy(campaigns.id),
    recipients: campaignIds.length
      ? await db
          .select()
          .from(recipients)
          .where(inArray(recipients.campaignId, campaignIds))
          .orderBy(recipients.id)
      : [],
    emails: await db.select().from(emails).where(eq(emails.userId, owner.userId)).orderBy(emails.id),
    opens: await db
      .select()
      .from(emailOpens)
      .where(eq(emailOpens.userId, owner.userId))
      .orderBy(emailOpens.id),
    unsubscribes: await db.select().from(unsubscribes).where(eq(unsubscribes.userId, owner.userId)),
    images: await db.select().from(generatedImages).where(eq(generatedImages.userId, owner.userId)),
    senderSettings: await db.select().from(senderSettings).where(eq(senderSettings.userId, owner.userId)),
    workspaceSettings: await db
      .select()
      .from(workspaceSettings)
      .where(inArray(workspaceSettings.workspaceId, ownWorkspaces)),
    answers: await db
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.userId, owner.userId))
      .orderBy(inboundMessages.id),
    memberships: await db
      .select()
      .from(memberships)
      .where(inArray(memberships.workspaceId, ownWorkspaces))
      .orderBy(memberships.workspaceId, memberships.userId),
    invitations: await db
      .select()
      .from(invitations)
      .where(inArray(invitations.workspaceId, ownWorkspaces))
      .orderBy(invitations.id),
    apiTokens: await db
      .select()
      .from(apiTokens)
      .where(inArray(apiTokens.workspaceId, ownWorkspaces))
      .orderBy(apiTokens.id),
    webhookEndpoints: await db
      .select()
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.workspaceId, ownWorkspaces))
      .orderBy(webhookEndpoints.id),
  };
  const answers: Record<string, { status: number; body: string }> = {};
  for (const route of routes) {
    if (route.method !== 'GET' || !route.url.startsWith('/api/') || route.url === '/api/login') continue;
    // The deployment's checks, timed and read from other servers: no data of the user's.
    if (route.url === '/api/doctor') continue;
    // The workspace's record grows with every export this very snapshot makes.
    if (route.url.startsWith('/api/workspace/audit')) continue;
    const kind = ID_ROUTES[routeKey(route)]?.kind;
    if (route.params.length && !kind) continue;
    for (const id of kind ? owner.ids[kind] : [null]) {
      const url = id === null ? route.url : pathWith(route.url, id);
      const res = await t.app.inject({ url, headers: { cookie: owner.cookie } });
      answers[url] = { status: res.statusCode, body: res.body };
    }
  }
  return { rows, answers };
}

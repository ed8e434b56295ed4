import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../src/server/db/schema';
import { unsubscribes, users } from '../src/server/db/schema';
import { isUnsubscribed } from '../src/server/services/sending/suppression';
import {
  createCampaign,
  createRecipientWithEmail,
  createSenderSettings,
  createUser,
  personalWorkspaceOf,
} from './support/factories';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const hourAgo = () => new Date(Date.now() - 60 * 60_000);

describe.each(testDatabases())('unsubscribe links and suppression (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let ownerId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    cookie = await t.signIn('owner@example.com');
    const [owner] = await t.ctx.db.select().from(users).where(eq(users.email, 'owner@example.com'));
    ownerId = owner!.id;
  });
  afterAll(() => t.close());

  const db = () => t.ctx.db;
  const api = (url: string, as = cookie) => t.app.inject({ url, headers: { cookie: as } });
  const sentEmail = async (
    campaign: { id: number; userId: number; workspaceId: WorkspaceId },
    address: string,
    sentAt = hourAgo(),
  ) => (await createRecipientWithEmail(db(), campaign, { email: address, status: 'sent', sentAt })).email;

  it('shows a confirm page with the masked address and sender, escaping whatever they hold', async () => {
    const sender = await createUser(db());
    await createSenderSettings(db(), sender.id, {
      name: '<script>alert("name")</script>',
      companyName: 'Acme <img src=x onerror=alert(1)>',
    });
    const campaign = await createCampaign(db(), sender.id);
    const email = await sentEmail(campaign, 'jane@exa<script>alert(1)</script>mple.com');

    const res = await t.app.inject({ url: `/u/${email.trackingToken}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).not.toMatch(/<script|<img/i);
    expect(res.body).toContain('j***@exa&lt;script&gt;alert(1)&lt;/script&gt;mple.com');
    expect(res.body).not.toContain('jane');
    expect(res.body).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;');
    expect(res.body).toContain('Acme &lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).toMatch(/<form method="post">[\s\S]*<button type="submit">Unsubscribe<\/button>/);
    // Looking is not unsubscribing: link scanners fetch every URL in a message.
    expect(
      await isUnsubscribed(
        db(),
        await personalWorkspaceOf(db(), sender.id),
        'jane@exa<script>alert(1)</script>mple.com',
      ),
    ).toBe(false);
  });

  it('takes a one-click POST with no cookie or Origin for the sending user only, idempotently', async () => {
    const alice = await createUser(db());
    const bob = await createUser(db());
    const aliceCampaign = await createCampaign(db(), alice.id);
    const email = await sentEmail(aliceCampaign, 'Reader@Example.com');
    await sentEmail(await createCampaign(db(), bob.id), 'reader@example.com');

    const oneClick = () =>
      t.app.inject({
        method: 'POST',
        url: `/u/${email.trackingToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('You have been unsubscribed');
    expect(first.body).toContain('R***@Example.com');
    // The app's CSRF check covers /api/ only; a provider's POST from anywhere must still land.
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/u/${email.trackingToken}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(crossSite.statusCode).toBe(200);
    expect((await oneClick()).statusCode).toBe(200);

    const rows = await db().select().from(unsubscribes).where(eq(unsubscribes.emailId, email.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: alice.id,
      campaignId: aliceCampaign.id,
      email: 'Reader@Example.com',
    });
    expect(await isUnsubscribed(db(), await personalWorkspaceOf(db(), alice.id), 'reader@example.com')).toBe(
      true,
    );
    expect(await isUnsubscribed(db(), await personalWorkspaceOf(db(), bob.id), 'reader@example.com')).toBe(
      false,
    );

    const again = await t.app.inject({ url: `/u/${email.trackingToken}` });
    expect(again.body).toContain('already unsubscribed');
    expect(again.body).not.toContain('<form');
  });

  it('accepts the one-click POST as multipart form data or with no body at all', async () => {
    const campaign = await createCampaign(db(), ownerId);
    const multipart = await sentEmail(campaign, 'multi@example.com');
    const bare = await sentEmail(campaign, 'bare@example.com');
    const boundary = 'xYzZY';
    const res = await t.app.inject({
      method: 'POST',
      url: `/u/${multipart.trackingToken}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/u/${bare.trackingToken}` })).statusCode).toBe(200);
    expect(await isUnsubscribed(db(), await personalWorkspaceOf(db(), ownerId), 'multi@example.com')).toBe(
      true,
    );
    expect(await isUnsubscribed(db(), await personalWorkspaceOf(db(), ownerId), 'bare@example.com')).toBe(
      true,
    );
  });

  it('answers an HTML 404 page for an unknown unsubscribe link', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/u/AAAAAAAAAAAAAAAAAAAAAAAA' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('This unsubscribe link is not valid');
    }
    expect((await t.app.inject({ url: '/u/%3Cscript%3E' })).statusCode).toBe(404);
  });

  it('checks unsubscribes case-insensitively', async () => {
    const user = await createUser(db());
    await db()
      .insert(unsubscribes)
      .values({
        userId: user.id,
        workspaceId: await personalWorkspaceOf(db(), user.id),
        email: 'MiXeD@Example.COM',
      });
    expect(await isUnsubscribed(db(), await personalWorkspaceOf(db(), user.id), 'mixed@example.com')).toBe(
      true,
    );
    expect(await isUnsubscribed(db(), await personalWorkspaceOf(db(), user.id), 'MIXED@EXAMPLE.COM')).toBe(
      true,
    );
    expect(await isUnsubscribed(db(), await personalWorkspaceOf(db(), user.id), 'other@example.com')).toBe(
      false,
    );
  });

  it("lists a campaign's unsubscribers newest first", async () => {
    const campaign = await createCampaign(db(), ownerId);
    for (const address of ['first@example.com', 'second@example.com']) {
      const email = await sentEmail(campaign, address);
      await t.app.inject({ method: 'POST', url: `/u/${email.trackingToken}` });
    }
    const res = await api(`/api/campaigns/${campaign.id}/unsubscribers`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((u: { email: string }) => u.email)).toEqual(['second@example.com', 'first@example.com']);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      email: 'second@example.com',
      createdAt: expect.any(String),
    });
  });
});

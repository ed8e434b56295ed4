import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOpens } from '../src/server/db/schema';
import { insertOpen } from '../src/server/queries/opens';
import { createCampaign, createRecipientWithEmail } from './support/factories';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

describe.each(testDatabases())('settings, dashboard and export (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const me = async (cookie: string) =>
    (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json();

  it('builds the default unsubscribe message with placeholders until the address is filled in', async () => {
    const cookie = await t.signIn();
    const empty = await t.app.inject({ url: '/api/sender-settings', headers: { cookie } });
    expect(empty.json().defaultUnsubscribeMessage).toBe(
      '[Company Name]\n[Street Address]\n[City], [State] [ZIP Code]\nYou received this email because [reason]. This is a commercial message.',
    );
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/sender-settings',
      headers: { cookie },
      payload: {
        companyName: 'Acme',
        streetAddress: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
      },
    });
    expect(saved.json().defaultUnsubscribeMessage).toBe(
      'Acme\n1 Main St\nSpringfield, IL 62701\nYou received this email because [reason]. This is a commercial message.',
    );
    expect(saved.json().publicUrlIsLoopback).toBe(true);
  });

  it('fills "[reason]" from why recipients hear from the sender, so complete settings leave none', async () => {
    const cookie = await t.signIn();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/sender-settings',
      headers: { cookie },
      payload: {
        companyName: 'Acme',
        streetAddress: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
        recipientReason: 'you signed up for updates at acme.com.',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().recipientReason).toBe('you signed up for updates at acme.com.');
    expect(saved.json().defaultUnsubscribeMessage).toBe(
      'Acme\n1 Main St\nSpringfield, IL 62701\nYou received this email because you signed up for updates at acme.com. This is a commercial message.',
    );
    const again = await t.app.inject({ url: '/api/sender-settings', headers: { cookie } });
    expect(again.json().recipientReason).toBe('you signed up for updates at acme.com.');
  });

  it('names the domain the DNS check would look at, or none for a local address without MAIL_DOMAIN', async () => {
    const settingsOf = async (email: string) =>
      (
        await t.app.inject({ url: '/api/sender-settings', headers: { cookie: await t.signIn(email) } })
      ).json();
    expect((await settingsOf('dns@Mail.Example.com')).dnsDomain).toBe('mail.example.com');
    expect((await settingsOf('dns@localhost')).dnsDomain).toBe(t.ctx.config.mail.domain ?? null);
  });

  it('refuses a line break in a sender setting with a 400 naming the field, and keeps what was saved', async () => {
    const cookie = await t.signIn();
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/sender-settings', headers: { cookie }, payload });
    expect((await post({ name: 'Alice', city: 'Springfield' })).statusCode).toBe(200);
    for (const [payload, label] of [
      [{ name: 'Alice\r\nBcc: victim@example.com' }, 'Sender Name'],
      [{ streetAddress: '1 Main St\r\nSuite 2' }, 'Street Address'],
      [{ city: 'Spring\nfield' }, 'City'],
      [{ recipientReason: 'you asked\u0007' }, 'Why Recipients Hear From You'],
    ] as const) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(
        `${label} must be one line: remove line breaks and other control characters`,
      );
    }
    const kept = (await t.app.inject({ url: '/api/sender-settings', headers: { cookie } })).json();
    expect(kept).toMatchObject({ name: 'Alice', city: 'Springfield', streetAddress: null });
  });

  it('sanitises the signature and keeps the sender email locked to the account', async () => {
    const cookie = await t.signIn('sender@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sender-settings',
      headers: { cookie },
      payload: {
        email: 'someone-else@example.com',
        signature:
          '<p onclick="steal()">Best,<br><strong>Sam</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('sender@example.com');
    expect(res.json().signature).toBe('<p>Best,<br /><strong>Sam</strong><img src="x" /></p>');
  });

  it('shows zeros on a new account and counts real rows, only the user’s own', async () => {
    const cookie = await t.signIn();
    const zero = await t.app.inject({ url: '/api/dashboard/stats', headers: { cookie } });
    expect(zero.json()).toEqual({
      totalCampaigns: 0,
      emailsSent: 0,
      successRate: 0,
      templates: 0,
      openedRate: 0,
      replyRate: 0,
      bounceRate: 0,
      members: [],
    });

    const user = await me(cookie);
    const campaign = await createCampaign(t.ctx.db, user.id);
    const { email: sent } = await createRecipientWithEmail(t.ctx.db, campaign, {
      email: 'a@x.test',
      status: 'sent',
      sentAt: new Date(),
    });
    await createRecipientWithEmail(t.ctx.db, campaign, { email: 'b@x.test', status: 'failed' });
    const other = await t.signIn();
    const otherUser = await me(other);
    const foreign = await createCampaign(t.ctx.db, otherUser.id);
    await createRecipientWithEmail(t.ctx.db, foreign, {
      email: 'c@x.test',
      status: 'sent',
      sentAt: new Date(),
    });

    const stats = await t.app.inject({ url: '/api/dashboard/stats', headers: { cookie } });
    expect(stats.json()).toEqual({
      totalCampaigns: 1,
      emailsSent: 1,
      successRate: 50,
      templates: 0,
      openedRate: 0,
      replyRate: 0,
      bounceRate: 0,
      // The one member's own figures: the other person's campaign is in their own workspace.
      members: [expect.objectContaining({ userId: user.id, sent: 1 })],
    });
    const list = await t.app.inject({ url: '/api/campaigns', headers: { cookie } });
    expect(list.json().map((c: { id: number }) => c.id)).toEqual([campaign.id]);

    // A machine open (an image proxy's prefetch) does not count as opened; a person's does.
    const open = (isMachine: boolean) =>
      insertOpen(
        t.ctx.db,
        {
          emailId: sent.id,
          userId: user.id,
          campaignId: campaign.id,
          isMachine,
          userAgent: null,
          openedAt: new Date(),
        },
        10,
      );
    const openedRate = async () =>
      (await t.app.inject({ url: '/api/dashboard/stats', headers: { cookie } })).json().openedRate;
    await open(true);
    expect(await openedRate()).toBe(0);
    await open(false);
    expect(await openedRate()).toBe(100);
  });

  it('exports all of a user’s data as CSV, with formulas neutralised and nobody else’s rows', async () => {
    const cookie = await t.signIn();
    const user = await me(cookie);
    const campaign = await createCampaign(t.ctx.db, user.id, { name: '=HYPERLINK("http://evil")' });
    const { email: lead } = await createRecipientWithEmail(t.ctx.db, campaign, {
      email: 'lead@x.test',
      company: '+cmd|calc',
      data: { email: 'lead@x.test', note: '@SUM(A1:A2)', city: 'Oslo, Norway' },
    });
    for (let i = 0; i < 2; i++) {
      await t.ctx.db
        .insert(emailOpens)
        .values({ emailId: lead.id, userId: user.id, campaignId: campaign.id });
    }
    const stranger = await me(await t.signIn());
    const theirs = await createCampaign(t.ctx.db, stranger.id, { name: 'Not yours' });
    await createRecipientWithEmail(t.ctx.db, theirs, { email: 'secret@x.test' });

    const res = await t.app.inject({ url: '/api/export-data', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tailor-export-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const parsed = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(res.body).not.toContain('secret@x.test');
    expect(res.body).not.toContain('Not yours');
    const campaignRow = parsed.data.find((r) => r.record_type === 'campaign')!;
    expect(campaignRow.campaign_name).toBe(`'=HYPERLINK("http://evil")`);
    const recipientRow = parsed.data.find((r) => r.record_type === 'recipient')!;
    expect(recipientRow).toMatchObject({
      recipient_email: 'lead@x.test',
      company: "'+cmd|calc",
      email_status: 'draft',
      opens: '2',
    });
    expect(JSON.parse(recipientRow.recipient_data!)).toMatchObject({
      city: 'Oslo, Norway',
      note: '@SUM(A1:A2)',
    });
  });

  it('reports today’s sends against the daily limits', async () => {
    const cookie = await t.signIn();
    const res = await t.app.inject({ url: '/api/daily-email-stats', headers: { cookie } });
    expect(res.json()).toMatchObject({
      sentWithUnsubscribe: 0,
      sentWithoutUnsubscribe: 0,
      limitWithUnsubscribe: 500,
      limitWithoutUnsubscribe: 100,
    });
  });
});

describe('settings survive a restart on the embedded database', () => {
  it('keeps what was saved when the process comes back on the same DATA_DIR', async () => {
    const first = await startTestApp('pglite');
    const cookie = await first.signIn('keeper@localhost');
    await first.app.inject({
      method: 'POST',
      url: '/api/sender-settings',
      headers: { cookie },
      payload: { companyName: 'Durable Inc' },
    });
    await first.app.close();
    const { closeContext } = await import('../src/server/bootstrap');
    await closeContext(first.ctx);

    const second = await startTestApp('pglite', { DATA_DIR: first.dataDir });
    try {
      const again = await second.app.inject({ url: '/api/sender-settings', headers: { cookie } });
      expect(again.statusCode).toBe(200);
      expect(again.json().companyName).toBe('Durable Inc');
    } finally {
      await second.close();
    }
  });
});

import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/server/db/client';
import { emails, mailboxSyncs, recipients } from '../src/server/db/schema';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { createReadyCampaign } from './support/factories';
import { waitUntil } from './support/http-client';
import { personWithRelayMailboxes } from './support/relay-mailboxes';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

type MailboxFigures = { mailboxId: number; address: string; sent: number; replied: number; bounced: number };

/**
 * Sends, replies and hard bounces per mailbox, as Analytics shows them for a workspace and Settings
 * for the mailbox's owner: counted from the mailbox each email left from, by the rollup the emails'
 * triggers keep, and equal to the emails themselves.
 */
describe.each(testDatabases())('figures per mailbox (%s)', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  const logins = { 'ann@team.test': 'ann-secret', 'ben@team.test': 'ben-secret' };
  beforeAll(async () => {
    sink = await startSmtpSink({ users: logins });
    t = await startTestApp(kind, {
      SEND_PACING: 'false',
      SECRET_KEY: 'test-secret-key-that-is-long-enough-123',
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('counts each mailbox’s sends, replies and bounces per workspace, and all of them for its owner', async () => {
    const { call, userId, ids } = await personWithRelayMailboxes(t, sink, 'lead@team.test', logins);
    const ann = ids['ann@team.test']!;
    const ben = ids['ben@team.test']!;

    // Ten emails over both mailboxes in the personal workspace; four from Ann's in a second one.
    const first = await createReadyCampaign(t.ctx.db, userId, 10);
    await call('PUT', `/api/campaigns/${first.id}/mailboxes`, { mailboxIds: [ann, ben] });
    const other = (await call('POST', '/api/workspaces', { name: 'Agency' })).json().id;
    expect(other).toEqual(expect.any(Number));
    const second = await createReadyCampaign(t.ctx.db, userId, 4, { workspaceId: other });
    const chose = await call('PUT', `/api/campaigns/${second.id}/mailboxes`, { mailboxIds: [ann] }, other);
    expect(chose.statusCode, chose.body).toBe(200);
    for (const [campaign, workspace] of [
      [first.id, undefined],
      [second.id, other],
    ] as const) {
      const res = await call('POST', `/api/campaigns/${campaign}/send-approved`, {}, workspace);
      expect(res.statusCode, res.body).toBe(200);
    }
    await waitUntil(async () => sink.messages().length === 14, 60_000, 'all 14 emails at the relay');
    await waitUntil(
      async () => {
        const rows = await t.ctx.db
          .select({ status: emails.status })
          .from(emails)
          .where(inArray(emails.campaignId, [first.id, second.id]));
        return rows.every((e) => e.status === 'sent');
      },
      10_000,
      'every email marked sent',
    );
    const fromAnn = sink.messages().filter((m) => m.envelope.from === 'ann@team.test').length;
    const annInFirst = fromAnn - 4;
    expect(annInFirst).toBeGreaterThan(0);
    expect(annInFirst).toBeLessThan(10);

    // Two of Ann's first-campaign emails get a reply, one of Ben's bounces hard, one soft.
    const sentFrom = async (mailboxId: number) =>
      (
        await t.ctx.db
          .select({ id: emails.id })
          .from(emails)
          .innerJoin(recipients, eq(recipients.id, emails.recipientId))
          .where(and(eq(emails.campaignId, first.id), eq(recipients.mailboxId, mailboxId)))
          .orderBy(emails.id)
      ).map((e) => e.id);
    const [annEmails, benEmails] = [await sentFrom(ann), await sentFrom(ben)];
    await t.ctx.db
      .update(emails)
      .set({ repliedAt: new Date() })
      .where(inArray(emails.id, annEmails.slice(0, 2)));
    await t.ctx.db
      .update(emails)
      .set({ bouncedAt: new Date(), bounceKind: 'hard' })
      .where(eq(emails.id, benEmails[0]!));
    await t.ctx.db
      .update(emails)
      .set({ bouncedAt: new Date(), bounceKind: 'soft' })
      .where(eq(emails.id, benEmails[1]!));

    const overview = (await call('GET', '/api/analytics/overview')).json();
    const pick = (rows: MailboxFigures[]) =>
      rows.map(({ mailboxId, address, sent, replied, bounced }) => ({
        mailboxId,
        address,
        sent,
        replied,
        bounced,
      }));
    expect(pick(overview.mailboxes).sort((a, b) => a.mailboxId - b.mailboxId)).toEqual([
      { mailboxId: ann, address: 'ann@team.test', sent: annInFirst, replied: 2, bounced: 0 },
      { mailboxId: ben, address: 'ben@team.test', sent: 10 - annInFirst, replied: 0, bounced: 1 },
    ]);
    // Today's use is the mailbox's, whichever workspace sent.
    const annRow = overview.mailboxes.find((m: MailboxFigures) => m.mailboxId === ann);
    expect(annRow).toMatchObject({ sentToday: fromAnn, dailyLimit: 500, owner: expect.any(String) });
    expect(annRow.replyRate).toBeCloseTo((2 / annInFirst) * 100);

    const agency = (await call('GET', '/api/analytics/overview', undefined, other)).json();
    expect(pick(agency.mailboxes)).toEqual([
      { mailboxId: ann, address: 'ann@team.test', sent: 4, replied: 0, bounced: 0 },
    ]);

    // Settings: the owner sees what each of their mailboxes did in every workspace.
    const listed = (await call('GET', '/api/mailboxes')).json() as (MailboxFigures & { id: number })[];
    const settings = (id: number) => listed.find((m) => m.id === id);
    expect(settings(ann)).toMatchObject({ sent: fromAnn, replied: 2, bounced: 0, sentToday: fromAnn });
    expect(settings(ben)).toMatchObject({ sent: 10 - annInFirst, replied: 0, bounced: 1 });

    // Each mailbox's own sync state: an error since its last good sync shows, an older one not.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.ctx.db.insert(mailboxSyncs).values([
      {
        key: `mailbox:${ann}`,
        lastSyncedAt: hourAgo,
        lastError: 'The IMAP server refused the login',
        lastErrorAt: new Date(),
      },
      {
        key: `mailbox:${ben}`,
        lastSyncedAt: new Date(),
        lastError: 'Connection timed out',
        lastErrorAt: hourAgo,
      },
    ]);
    const synced = (await call('GET', '/api/mailboxes')).json() as { id: number; sync: unknown }[];
    expect(synced.find((m) => m.id === ann)?.sync).toMatchObject({
      lastSyncedAt: hourAgo.toISOString(),
      lastError: 'The IMAP server refused the login',
    });
    expect(synced.find((m) => m.id === ben)?.sync).toMatchObject({ lastError: null, lastErrorAt: null });

    // The rollup equals the emails, after a reply is taken back (the record corrected) too.
    await t.ctx.db.update(emails).set({ repliedAt: null }).where(eq(emails.id, annEmails[0]!));
    const fromEmails = await selectRows(
      t.ctx.db,
      sql`
      select r.mailbox_id as "mailboxId", e.campaign_id as "campaignId", count(*)::int as sent,
             (count(*) filter (where e.replied_at is not null))::int as replied,
             (count(*) filter (where e.bounce_kind = 'hard'))::int as bounced
      from emails e join recipients r on r.id = e.recipient_id
      where e.status = 'sent' and e.campaign_id in (${first.id}, ${second.id})
      group by 1, 2 order by 1, 2`,
    );
    const fromRollup = await selectRows(
      t.ctx.db,
      sql`
      select mailbox_id as "mailboxId", campaign_id as "campaignId", sent, replied, bounced
      from campaign_mailbox_stats where campaign_id in (${first.id}, ${second.id}) order by 1, 2`,
    );
    expect(fromRollup).toEqual(fromEmails);
    expect(fromRollup).toHaveLength(3);

    // Someone else's workspace sees none of these mailboxes.
    const outsider = await t.signIn('outsider@elsewhere.test');
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/overview',
      headers: { cookie: outsider },
    });
    expect(theirs.json().mailboxes).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/server/db/client';
import { mailboxes } from '../src/server/db/schema';
import { createReadyCampaign, createUser } from './support/factories';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

type Figures = {
  key: string;
  sent: number;
  opened: number;
  humanOpened: number;
  replied: number;
  bounced: number;
};

/**
 * The figures Analytics reads (per campaign, per campaign and day, per campaign and mailbox) are
 * kept by the emails' triggers, which sum each statement's changes before adding them. Whatever one
 * statement changes (emails of several days and mailboxes, sends taken back, opens, replies, hard
 * bounces), the figures stay what counting the emails themselves gives.
 */
describe.each(testDatabases())('the figures the emails keep (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stay equal to the emails when one statement changes emails of several days, mailboxes and kinds', async () => {
    const db = t.ctx.db;
    const user = await createUser(db, { timeZone: 'Asia/Tokyo' });
    const campaign = await createReadyCampaign(db, user.id, 24);
    const [a, b] = await db
      .insert(mailboxes)
      .values([
        { userId: user.id, kind: 'smtp', address: 'a@figures.test' },
        { userId: user.id, kind: 'smtp', address: 'b@figures.test' },
      ])
      .returning();
    await db.execute(sql`update recipients set mailbox_id = case when row_number % 2 = 0 then ${a!.id}::int else ${b!.id}::int end
                         where campaign_id = ${campaign.id}`);

    // Sent in one statement, as a settle of sends does.
    await db.execute(
      sql`update emails set status = 'sent', sent_at = now() where campaign_id = ${campaign.id}`,
    );
    const sent = await figures(campaign.id);
    expect(sent.stored).toEqual(sent.counted);
    expect(sent.counted.campaign).toEqual([expect.objectContaining({ sent: 24 })]);

    // One statement: a third sent the day before, opens (some by people), replies, hard and soft
    // bounces, and two sends taken back.
    await db.execute(sql`
      update emails set
        sent_at = case when id % 3 = 0 then sent_at - interval '1 day' else sent_at end,
        opened_at = case when id % 2 = 0 then now() end,
        human_opened_at = case when id % 4 = 0 then now() end,
        replied_at = case when id % 5 = 0 then now() - interval '1 day' end,
        bounced_at = case when id % 7 < 2 then now() end,
        bounce_kind = case id % 7 when 0 then 'hard' when 1 then 'soft' end,
        status = case when id % 11 = 0 then 'failed' else status end
      where campaign_id = ${campaign.id}`);
    const changed = await figures(campaign.id);
    expect(changed.stored).toEqual(changed.counted);
    expect(changed.counted.daily.length).toBeGreaterThan(1);
    expect(changed.counted.mailbox).toHaveLength(2);
    expect(changed.counted.campaign[0]!.sent).toBe(22);
  });

  /** The figures as stored (rows of nothing but zeros left out) and as counted from the emails. */
  async function figures(campaignId: number) {
    const db = t.ctx.db;
    const columns = sql`sent::int as sent, opened::int as opened, human_opened::int as "humanOpened",
                        replied::int as replied, bounced::int as bounced`;
    const nonZero = sql`(sent <> 0 or opened <> 0 or human_opened <> 0 or replied <> 0 or bounced <> 0)`;
    const stored = {
      campaign: await selectRows<Figures>(
        db,
        sql`select 'campaign' as key, ${columns} from campaign_stats where campaign_id = ${campaignId} and ${nonZero}`,
      ),
      daily: await selectRows<Figures>(
        db,
        sql`select day::text as key, ${columns} from campaign_daily_stats
            where campaign_id = ${campaignId} and ${nonZero} order by day`,
      ),
      mailbox: await selectRows<Figures>(
        db,
        sql`select mailbox_id::text as key, sent::int as sent, 0 as opened, 0 as "humanOpened", replied::int as replied,
                   bounced::int as bounced
            from campaign_mailbox_stats
            where campaign_id = ${campaignId} and (sent <> 0 or replied <> 0 or bounced <> 0) order by mailbox_id`,
      ),
    };
    // Every event of a sent email, dated in its owner's zone.
    const events = sql`
      select r.mailbox_id, (x.at at time zone u.time_zone)::date as day, x.kind
      from emails e join recipients r on r.id = e.recipient_id join users u on u.id = e.user_id
      cross join lateral (values (e.sent_at, 'sent'), (e.opened_at, 'opened'), (e.human_opened_at, 'humanOpened'),
                                 (e.replied_at, 'replied'), (case when e.bounce_kind = 'hard' then e.bounced_at end, 'bounced')) x(at, kind)
      where e.campaign_id = ${campaignId} and e.status = 'sent' and e.step > 0 and x.at is not null`;
    const counts = sql`count(*) filter (where kind = 'sent')::int as sent, count(*) filter (where kind = 'opened')::int as opened,
                       count(*) filter (where kind = 'humanOpened')::int as "humanOpened",
                       count(*) filter (where kind = 'replied')::int as replied,
                       count(*) filter (where kind = 'bounced')::int as bounced`;
    const counted = {
      campaign: await selectRows<Figures>(db, sql`select 'campaign' as key, ${counts} from (${events}) v`),
      daily: await selectRows<Figures>(
        db,
        sql`select day::text as key, ${counts} from (${events}) v group by day order by day`,
      ),
      mailbox: await selectRows<Figures>(
        db,
        sql`select mailbox_id::text as key, count(*) filter (where kind = 'sent')::int as sent, 0 as opened,
                   0 as "humanOpened", count(*) filter (where kind = 'replied')::int as replied,
                   count(*) filter (where kind = 'bounced')::int as bounced
            from (${events}) v group by mailbox_id order by mailbox_id`,
      ),
    };
    return { stored, counted };
  }
});

import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { selectRows } from '../src/server/db/client';
import { createCampaignWithFollowUps, createReadyCampaign, createUser } from './support/factories';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * The trigger that moves a sequence on after an email ends (sent, failed, unsubscribed, stopped)
 * returns at once when none of the ended emails has a step after it: a campaign without follow-ups
 * spent an UPDATE, planned afresh each time, on every send chunk, for nothing.
 */
describe.each(testDatabases())('%s: the sequence trigger', (kind) => {
  it('schedules follow-ups only for emails that have one after them', async () => {
    app = await startTestApp(kind);
    const { db } = app.ctx;
    // Counts the calls, then does what the function does.
    await db.execute(sql`create table follow_up_calls (campaign_id int)`);
    await db.execute(
      sql`alter function schedule_follow_ups(bigint[], integer[], timestamptz[]) rename to schedule_follow_ups_counted`,
    );
    await db.execute(
      sql.raw(`create function schedule_follow_ups(r bigint[], s integer[], t timestamptz[]) returns void
               language sql as $$
                 insert into follow_up_calls select campaign_id from recipients where id = r[1];
                 select schedule_follow_ups_counted(r, s, t);
               $$`),
    );
    const user = await createUser(db);
    const single = await createReadyCampaign(db, user.id, 3);
    const sequence = await createCampaignWithFollowUps(db, user.id, 3);
    // The approved follow-ups wait for the email before them.
    await db.execute(sql`update emails set status = 'waiting' where campaign_id = ${sequence.id} and step = 2
                         and is_approved`);
    const sendFirstEmails = (campaignId: number) =>
      db.execute(
        sql`update emails set status = 'sent', sent_at = now() where campaign_id = ${campaignId} and step = 1`,
      );

    await sendFirstEmails(single.id);
    await sendFirstEmails(sequence.id);

    const calls = await selectRows<{ campaignId: number }>(
      db,
      sql`select campaign_id as "campaignId" from follow_up_calls`,
    );
    expect(calls).toEqual([{ campaignId: sequence.id }]);
    const followUps = await selectRows<{ status: string; n: number }>(
      db,
      sql`select status, count(*)::int as n from emails where campaign_id = ${sequence.id} and step = 2
          group by status order by status`,
    );
    expect(followUps).toEqual([
      { status: 'draft', n: 1 },
      { status: 'scheduled', n: 2 },
    ]);
  });
});

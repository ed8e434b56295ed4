import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { selectRows } from '../src/server/db/client';
import {
  answerBodies,
  answerCategoryChanges,
  campaignMailboxes,
  campaignMailboxStats,
  inboundMessages,
  mailboxSyncs,
  outboxMessages,
  sendQuota,
  webhookEvents,
} from '../src/server/db/schema';
import { generateEmailsJob } from '../src/server/jobs/generate-emails';
import { syncMailboxJob } from '../src/server/jobs/sync-mailboxes';
import { createOwnedObjects, type OwnedObjects } from './security/owned-objects';
import { createCampaignWithFollowUps, defaultMailboxIdOf, personalWorkspaceOf } from './support/factories';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

/**
 * Tables holding no one user's data. A new table goes here only with the reason; otherwise the
 * test below seeds a row of it for the user being deleted and checks that deletion removes it.
 */
const NOT_PER_USER: Record<string, string> = {
  rate_limit_counters: 'sign-in attempts per client address, not per user; they expire within minutes',
};

type Snapshot = Map<string, Set<string>>;

/** Every row of every table in the public schema, as JSON text. */
async function snapshot(t: TestApp): Promise<Snapshot> {
  const tables = await selectRows<{ name: string }>(
    t.ctx.db,
    sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Snapshot = new Map();
  for (const { name } of tables) {
    if (NOT_PER_USER[name]) continue;
    const rows = await selectRows<{ row: string }>(
      t.ctx.db,
      sql`select to_jsonb(t)::text as row from ${sql.identifier(name)} t`,
    );
    out.set(name, new Set(rows.map((r) => r.row)));
  }
  return out;
}

/** Rows of `user` in the tables the API's flows do not fill in createOwnedObjects. */
async function seedTheRest(t: TestApp, user: OwnedObjects) {
  const db = t.ctx.db;
  const campaign = await createCampaignWithFollowUps(db, user.userId, 2);
  const mailboxId = await defaultMailboxIdOf(db, user.userId);
  await db.insert(campaignMailboxes).values({ campaignId: campaign.id, mailboxId });
  await db.insert(campaignMailboxStats).values({ campaignId: campaign.id, mailboxId, sent: 2, replied: 1 });
  const tag = crypto.randomBytes(4).toString('hex');
  await db.insert(outboxMessages).values({
    userId: user.userId,
    messageId: `<${tag}@example.com>`,
    recipient: `to-${tag}@example.com`,
    subject: 'Outbox',
    raw: 'raw',
  });
  const [answer] = await db
    .insert(inboundMessages)
    .values({ userId: user.userId, sourceKey: `src-${tag}`, kind: 'reply', receivedAt: new Date() })
    .returning({ id: inboundMessages.id });
  await db
    .insert(answerBodies)
    .values({ inboundMessageId: answer!.id, content: { tag }, keptAt: new Date() });
  await db.insert(answerCategoryChanges).values({
    inboundMessageId: answer!.id,
    toCategory: 'interested',
    source: 'person',
    changedBy: user.userId,
    changedAt: new Date(),
  });
  await db.insert(sendQuota).values({ mailboxId, day: '2026-01-01', sentWithUnsubscribe: 3 });
  await db.insert(mailboxSyncs).values({ key: `mailbox:${mailboxId}`, cursor: { historyId: tag } });
  // An event for the workspace's webhook endpoint (createOwnedObjects added one): its delivery waits.
  const workspaceId = await personalWorkspaceOf(db, user.userId);
  await db.insert(webhookEvents).values({ workspaceId, type: 'email.sent', data: { tag } });
  // A request made with an Idempotency-Key keeps the key and its answer for a day.
  const keyed = await t.app.inject({
    method: 'POST',
    url: `/api/campaigns/${campaign.id}/archive`,
    headers: { cookie: user.cookie, 'idempotency-key': `key-${tag}` },
  });
  if (keyed.statusCode !== 200) throw new Error(`archive with a key: ${keyed.statusCode} ${keyed.body}`);
  // Jobs waiting for this user (the web role runs none of them).
  const key = `mailbox:${mailboxId}`;
  await t.ctx.jobs.enqueue(
    generateEmailsJob,
    { campaignId: campaign.id, userId: user.userId },
    { singletonKey: String(campaign.id) },
  );
  await t.ctx.jobs.enqueue(syncMailboxJob, { key }, { singletonKey: key });
}

/** Jobs waiting for this user or their mailbox (`key`: its sync's, read while it exists). */
const waitingJobsOf = async (t: TestApp, userId: number, key: string) => {
  return (
    await selectRows<{ n: number }>(
      t.ctx.db,
      sql`
        select count(*)::int as n from pgboss.job
        where state in ('created', 'retry')
          and (data->>'userId' = ${String(userId)} or data->>'key' = ${key})`,
    )
  )[0]!.n;
};

describe.each(testDatabases())('deleting an account (%s)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("removes every row of the user from every table, and nothing of anyone else's", async () => {
    // The web role: no background job changes a row between the snapshots.
    t = await startTestApp(kind, {}, { role: 'web' });
    const bob = await createOwnedObjects(t, 'bob');
    await seedTheRest(t, bob);
    const bobOnly = await snapshot(t);
    const alice = await createOwnedObjects(t, 'alice');
    await seedTheRest(t, alice);
    const both = await snapshot(t);

    // Every table holds rows of Alice's: a new table must be seeded above (or listed in NOT_PER_USER).
    const unseeded = [...both].filter(([name, rows]) => rows.size <= (bobOnly.get(name)?.size ?? 0));
    expect(
      unseeded.map(([name]) => name),
      'seed these tables in seedTheRest',
    ).toEqual([]);
    const aliceKey = `mailbox:${await defaultMailboxIdOf(t.ctx.db, alice.userId)}`;
    const bobKey = `mailbox:${await defaultMailboxIdOf(t.ctx.db, bob.userId)}`;
    expect(await waitingJobsOf(t, alice.userId, aliceKey)).toBeGreaterThan(0);

    const me = (await t.app.inject({ url: '/api/auth/user', headers: { cookie: alice.cookie } })).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: alice.cookie },
      payload: { confirmation: ` ${me.email.toUpperCase()} ` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === 'tailor_session')?.value).toBe('');

    // What is left is exactly what was there before Alice: her rows gone, Bob's untouched.
    const after = await snapshot(t);
    for (const [name, rows] of after) {
      const leftOfAlice = [...rows].filter((row) => !bobOnly.get(name)?.has(row));
      expect(leftOfAlice, `rows left in ${name}`).toEqual([]);
      expect(
        [...(bobOnly.get(name) ?? [])].filter((row) => !rows.has(row)),
        `Bob's rows lost in ${name}`,
      ).toEqual([]);
    }
    expect(await waitingJobsOf(t, alice.userId, aliceKey)).toBe(0);
    expect(await waitingJobsOf(t, bob.userId, bobKey)).toBeGreaterThan(0);

    // Her session ended with her; Bob is still signed in.
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: { cookie: alice.cookie } })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: bob.cookie } })).statusCode).toBe(
      200,
    );
  });

  it('changes nothing unless the account’s own email is typed', async () => {
    t = await startTestApp(kind, {}, { role: 'web' });
    const alice = await createOwnedObjects(t, 'alice');
    const before = await snapshot(t);
    for (const confirmation of ['', 'someone-else@example.com', 'DELETE']) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: { cookie: alice.cookie },
        payload: { confirmation },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Type alice-.*@example\.com to confirm deleting your account$/);
    }
    const signedOut = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { confirmation: '' },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await snapshot(t)).toEqual(before);
  });
});

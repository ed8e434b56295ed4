import { param, sql } from 'drizzle-orm';
import { selectRows } from '../src/server/db/client';
import { releaseDueScheduled } from '../src/server/queries/email-queueing';
import { claimManyForSending } from '../src/server/queries/email-sending';
import { UNSUBSCRIBED_MESSAGE } from '../src/server/services/sending/suppression';
import { createUser } from '../test/support/factories';
import { startBenchApp } from './bench-app';
import { type BenchResult, median, report } from './support';

/**
 * Follow-up sequences at 100,000 recipients × 3 steps (PostgreSQL): what releasing and claiming a
 * due follow-up costs per email — the release scan plus the claim, which also checks the stop rules
 * and reads the thread — against claiming the same number of first emails, in the pipeline's chunks
 * of 100, as three same-run pairs (each a batch of follow-ups released, then its chunks and a batch
 * of first emails' chunks claimed in turn) whose median ratio is reported. Then the release scan
 * with nothing due, as the every-minute job runs it. SEQUENCE_RECIPIENTS and SEQUENCE_DUE set the sizes (recipients: at least 6 × due).
 */
const RECIPIENTS = Number(process.env.SEQUENCE_RECIPIENTS ?? 100_000);
const DUE = Number(process.env.SEQUENCE_DUE ?? 10_000);
const CHUNK = 100;
/** Same-run pairs of (first emails, follow-ups), DUE each: the ratio reported is their median. */
const PAIRS = 3;
/** Far enough ahead that no follow-up is due before its pair makes it due. */
const LATER = new Date(Date.now() + 365 * 86_400_000);
const results: BenchResult[] = [];

const app = await startBenchApp('postgres', {}, 'web');
const db = app.ctx.db;
try {
  const user = await createUser(db, { email: 'bench@example.com', timeZone: 'Europe/Berlin' });
  const [campaign] = await selectRows<{ id: number }>(
    db,
    sql`insert into campaigns (workspace_id, user_id, name, status, recipient_count)
        values ((select workspace_id from memberships where user_id = ${user.id} limit 1), ${user.id}, 'Bench', 'ready', ${RECIPIENTS})
        returning id`,
  );
  const campaignId = campaign!.id;
  await db.execute(sql`insert into campaign_steps (campaign_id, step, delay_days, business_days)
                       values (${campaignId}, 2, 3, true), (${campaignId}, 3, 5, false)`);
  await db.execute(sql`
    insert into recipients (campaign_id, email, data, row_number, time_zone)
    select ${campaignId}, 'r' || g || '@example.com', '{}'::jsonb, g + 1,
           (array['America/New_York', 'Europe/Berlin', 'Asia/Tokyo', null])[1 + g % 4]
    from generate_series(1, ${RECIPIENTS}) g`);
  await db.execute(sql`
    insert into emails (workspace_id, user_id, campaign_id, recipient_id, step, subject, body, is_approved, status,
                        tracking_token)
    select (select workspace_id from campaigns where id = ${campaignId}), ${user.id}, ${campaignId}, r.id, s.step, 'Hello', '<p>Hi</p>', true,
           case when s.step = 1 then 'draft' else 'waiting' end, md5(r.id::text || '-' || s.step)
    from recipients r cross join generate_series(1, 3) as s(step)
    where r.campaign_id = ${campaignId}`);
  await db.execute(sql`analyze emails`);
  await db.execute(sql`analyze recipients`);

  // The first emails claimed in the pairs (PAIRS batches of DUE), queued now; every other first
  // email sent a week ago, so that the trigger schedules its step 2 (not measured).
  const first = (
    await selectRows<{ id: number }>(
      db,
      sql`select id::int as id from emails where campaign_id = ${campaignId} and step = 1 order by id limit ${DUE * PAIRS}`,
    )
  ).map((r) => r.id);
  await db.execute(sql`update emails set status = 'queued' where id = any(${param(first)}::bigint[])`);
  const seeded = performance.now();
  await db.execute(sql`
    update emails set status = 'sent', sent_at = now() - interval '7 days',
                      message_id = '<' || id || '@bench.example>'
    where campaign_id = ${campaignId} and step = 1 and status = 'draft'`);
  const followUps = RECIPIENTS - DUE * PAIRS;
  console.log(
    `scheduled ${followUps} follow-ups in ${Math.round(performance.now() - seeded)} ms (the settle trigger)`,
  );
  await db.execute(sql`analyze emails`);
  // All of them later, then DUE at a time due now, one batch per pair.
  const scheduled = await selectRows<{ n: number }>(
    db,
    sql`update emails set scheduled_for = ${LATER.toISOString()}::timestamptz
        where campaign_id = ${campaignId} and step = 2 and status = 'scheduled' returning 1 as n`,
  );
  if (scheduled.length !== followUps)
    throw new Error(`${scheduled.length} follow-ups scheduled, expected ${followUps}`);
  // Each pair releases a batch of due follow-ups, then claims them and a batch of first emails
  // chunk by chunk, a first emails' chunk then a follow-ups' chunk: a machine that slows down or
  // speeds up during the run does so for both halves of a pair alike.
  const firstMs: number[] = [];
  const followUpMs: number[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    await db.execute(sql`
      update emails set scheduled_for = now() - interval '1 minute'
      where id in (select id from emails where campaign_id = ${campaignId} and step = 2 and status = 'scheduled'
                   order by id limit ${DUE})`);
    const released = performance.now();
    const due = (await releaseDueScheduled(db, new Date())).map((r) => r.id);
    let followUp = performance.now() - released;
    if (due.length !== DUE) throw new Error(`released ${due.length} follow-ups, expected ${DUE}`);
    const firsts = first.slice(pair * DUE, (pair + 1) * DUE);
    let firstOnes = 0;
    for (let i = 0; i < DUE; i += CHUNK) {
      firstOnes += await claimChunk(firsts.slice(i, i + CHUNK));
      followUp += await claimChunk(due.slice(i, i + CHUNK));
    }
    firstMs.push(firstOnes);
    followUpMs.push(followUp);
  }
  const ratios = firstMs.map((ms, pair) => followUpMs[pair]! / ms);
  console.log(`follow-up / first email per pair: ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
  results.push(perEmail('Claim a first email', median(firstMs)));
  results.push(perEmail('Release and claim a due follow-up', median(followUpMs)));
  results.push({
    metric: `Follow-up / first email (per email, median of ${PAIRS} pairs)`,
    db: 'postgres',
    value: median(ratios),
    unit: 'ratio',
    goal: 1.5,
    higherIsBetter: false,
  });

  // Nothing due: the release scan the job runs every minute, median of 21.
  const scans: number[] = [];
  for (let i = 0; i < 21; i++) {
    const t0 = performance.now();
    const none = await releaseDueScheduled(db, new Date());
    scans.push(performance.now() - t0);
    if (none.length) throw new Error(`released ${none.length} with nothing due`);
  }
  scans.sort((a, b) => a - b);
  results.push({
    metric: `Release scan, nothing due (${(RECIPIENTS * 3).toLocaleString('en-US')} emails)`,
    db: 'postgres',
    value: scans[10]!,
    unit: 'ms',
    goal: 20,
    higherIsBetter: false,
  });
} finally {
  await app.close();
}
report('sequence', results);
process.exit(0);

/** Claims one chunk of queued emails, all of which must go out; the time in ms. */
async function claimChunk(ids: number[]): Promise<number> {
  const t0 = performance.now();
  const claimed = await claimManyForSending(db, ids, 'bench.example', UNSUBSCRIBED_MESSAGE);
  const ms = performance.now() - t0;
  const sending = claimed.filter((e) => e.outcome === 'sending').length;
  if (sending !== ids.length) throw new Error(`claimed ${sending} of ${ids.length}`);
  return ms;
}

function perEmail(metric: string, totalMs: number): BenchResult {
  return {
    metric,
    db: 'postgres',
    value: (totalMs / DUE) * 1000,
    unit: 'µs/email',
    goal: null,
    higherIsBetter: false,
  };
}

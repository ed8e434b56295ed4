import { sql } from 'drizzle-orm';
import { assignMailboxes } from '../src/server/queries/mailbox-assignment';
import { insertMailbox } from '../src/server/queries/mailboxes';
import { createReadyCampaign, createUser } from '../test/support/factories';
import { type BenchDb, benchDatabases, startBenchApp } from './bench-app';
import { type BenchResult, median, report } from './support';

/**
 * What giving recipients a mailbox costs the send: the statement that picks up a batch of queued
 * emails (assignMailboxes: still queued? which mailbox?) for a campaign spread over three mailboxes,
 * against the same statement for a campaign of one mailbox, in the same run. Batches of 400 (a send
 * worker's fetch), each recipient's first email, so every row is given a mailbox: the costly case.
 * Rounds alternate one and three mailboxes; the figure is the median ratio.
 */
const RECIPIENTS = 4000;
const BATCH = 400;
const ROUNDS = Number(process.env.CLAIM_ROUNDS ?? 7);
const results: BenchResult[] = [];

async function measure(kind: BenchDb) {
  const app = await startBenchApp(kind);
  const db = app.ctx.db;
  try {
    const campaignOf = async (mailboxes: number) => {
      const user = await createUser(db);
      const campaign = await createReadyCampaign(db, user.id, RECIPIENTS);
      for (let i = 0; i < mailboxes; i++) {
        const box = await insertMailbox(db, { userId: user.id, kind: 'smtp', address: `m${i}@localhost` });
        if (mailboxes > 1)
          await db.execute(sql`insert into campaign_mailboxes values (${campaign.id}, ${box.id})`);
      }
      await db.execute(sql`update emails set status = 'queued' where campaign_id = ${campaign.id}`);
      const rows = await db.execute(
        sql`select id from emails where campaign_id = ${campaign.id} order by id`,
      );
      const ids = (rows as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
      return { campaignId: campaign.id, ids };
    };
    const one = await campaignOf(1);
    const three = await campaignOf(3);
    /** Milliseconds per batch to give every recipient of the campaign a mailbox, from none. */
    const timeAll = async ({ campaignId, ids }: { campaignId: number; ids: number[] }) => {
      await db.execute(sql`update recipients set mailbox_id = null where campaign_id = ${campaignId}`);
      const started = performance.now();
      for (let i = 0; i < ids.length; i += BATCH) {
        const got = await assignMailboxes(db, ids.slice(i, i + BATCH));
        if (got.some((e) => e.mailboxId === null)) throw new Error('an email got no mailbox');
      }
      return (performance.now() - started) / Math.ceil(ids.length / BATCH);
    };
    await timeAll(one);
    await timeAll(three);
    const ratios: number[] = [];
    const singles: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const single = await timeAll(one);
      const spread = await timeAll(three);
      singles.push(single);
      ratios.push(spread / single);
      console.log(
        `${kind} round ${round + 1}/${ROUNDS}: one mailbox ${single.toFixed(1)} ms/batch, three ${spread.toFixed(1)} ms/batch, ratio ${(spread / single).toFixed(2)}`,
      );
    }
    results.push(
      {
        metric: 'claim_ms_per_400_one_mailbox',
        db: kind,
        value: median(singles),
        unit: 'ms',
        goal: null,
        higherIsBetter: false,
      },
      {
        metric: 'claim_three_mailboxes_vs_one',
        db: kind,
        value: median(ratios),
        unit: 'ratio',
        goal: 1.2,
        higherIsBetter: false,
      },
    );
  } finally {
    await app.close();
  }
}

for (const kind of await benchDatabases()) await measure(kind);
report('mailbox-claim', results);

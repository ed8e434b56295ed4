/**
 * A worker that does nothing but sync the IMAP mailbox, over and over, for the kill -9 trials of
 * test/faults/sync-crash.int.test.ts: DATA_DIR (the embedded database) or DATABASE_URL, IMAP_URL.
 * It holds the mailbox's lease for 300 ms at a time (renewed after every batch), so the next
 * worker need not wait long for a killed one's lease to run out.
 */
import { openDatabase } from '../../src/server/db/client';
import { syncImapMailbox } from '../../src/server/services/conversations/sync-imap';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR!,
});
const settings = {
  url: process.env.IMAP_URL!,
  mailbox: 'INBOX',
  rescanDays: 7,
  tlsCa: undefined,
  tlsRejectUnauthorized: true,
  timeoutMs: 10_000,
  startTls: 'opportunistic' as const,
};
console.log('sync worker ready');
for (;;) {
  const report = await syncImapMailbox({
    db: database.db,
    settings,
    now: () => new Date(),
    batchSize: 2,
    leaseMs: 300,
  });
  console.log(`synced ${JSON.stringify(report)}`);
  if (report.skipped) await new Promise((resolve) => setTimeout(resolve, 200));
}

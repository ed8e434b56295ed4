import { sql } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import pLimit from 'p-limit';
import type { ImapSettings } from '../src/server/config';
import { gmailInbox } from '../src/server/mail/gmail-inbox';
import { CANDIDATE_HEADERS, SOURCE_LIMIT } from '../src/server/services/conversations/candidates';
import { openImapInboxOnThread } from '../src/server/services/conversations/imap-thread';
import { syncGmailMailbox } from '../src/server/services/conversations/sync-gmail';
import { syncImapMailbox } from '../src/server/services/conversations/sync-imap';
import { type FakeMailProviders, startFakeMailProviders } from '../test/fakes/mail-providers';
import { dovecotUnavailable, startDovecot } from '../test/peers/dovecot';
import { createReadyCampaign, createUser } from '../test/support/factories';
import { type BenchDb, benchDatabases, startBenchApp } from './bench-app';
import { type BenchResult, report } from './support';

/**
 * A mailbox of 10,000 inbound messages, 1,000 of them replies to our sent emails and 3,000 replies
 * in other conversations (which the IMAP server's search cannot leave out), synced from
 * scratch through IMAP (a private Dovecot) and through the Gmail fake, against each one's
 * ceiling measured in the same run: a bare client reading the same headers of the same messages
 * with no database (imapflow's FETCH in batches of 200, right before and right after the sync;
 * the Gmail API's list and metadata gets, eight at a time). Then an incremental sync with nothing new, in the worker's CPU time.
 * SYNC_MESSAGES sets the mailbox's size, SYNC_ONLY=imap|gmail and BENCH_DB=pglite|postgres one part.
 */
const MESSAGES = Number(process.env.SYNC_MESSAGES ?? 10_000);
const RELEVANT = MESSAGES / 10;
const USER = { user: 'bench@example.com', password: 'bench-password' };
const results: BenchResult[] = [];

/**
 * Message i: every tenth answers one of our sent emails; of the rest, every third answers someone
 * else's email (a mailbox is full of other conversations, which the sync must read and pass over),
 * and the others are newsletters that answer nothing.
 */
function message(i: number, ourIds: string[]) {
  const ours = i % 10 === 0 ? ourIds[(i / 10) % ourIds.length] : undefined;
  const theirs = !ours && i % 3 === 0 ? `<thread.${i}@elsewhere.example>` : undefined;
  const answered = ours ?? theirs;
  return [
    `From: ${answered ? 'Reader' : 'News'} ${i} <sender${i}@example.org>`,
    `To: ${USER.user}`,
    `Subject: ${answered ? 'Re: Hello' : `Newsletter ${i}`}`,
    `Message-ID: <bench.${i}@example.org>`,
    ...(answered ? [`In-Reply-To: ${answered}`, `References: ${answered}`] : []),
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    answered
      ? `Thanks, message ${i}. Let us talk next week.`
      : `Nothing to do with any campaign, message ${i}.`,
    '',
  ].join('\r\n');
}

/** The sender's user with RELEVANT sent emails whose Message-IDs the replies quote. */
async function seedSent(app: Awaited<ReturnType<typeof startBenchApp>>) {
  const user = await createUser(app.ctx.db, { email: USER.user });
  const campaign = await createReadyCampaign(app.ctx.db, user.id, RELEVANT);
  await app.ctx.db.execute(sql`
    update emails set status = 'sent', sent_at = now(), message_id = '<sent.' || id || '@bench.example>'
    where campaign_id = ${campaign.id}`);
  const { rows } = (await app.ctx.db.execute(
    sql`select message_id from emails where campaign_id = ${campaign.id} order by id`,
  )) as unknown as { rows: { message_id: string }[] };
  return { userId: user.id, ourIds: rows.map((r) => r.message_id) };
}

const cpuMs = (before: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};

/** A bare client reading the candidate headers of every message, in batches of 200, into nothing. */
async function bareImapListing(port: number): Promise<number> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port,
    secure: false,
    auth: { user: USER.user, pass: USER.password },
    logger: false,
  });
  await client.connect();
  try {
    await client.mailboxOpen('INBOX', { readOnly: true });
    const started = performance.now();
    const uids = (
      (await client.search({ since: new Date(Date.now() - 86_400_000) }, { uid: true })) || []
    ).sort((a, b) => a - b);
    let seen = 0;
    for (let i = 0; i < uids.length; i += 200) {
      for await (const m of client.fetch(
        uids.slice(i, i + 200),
        { uid: true, internalDate: true, headers: CANDIDATE_HEADERS },
        { uid: true },
      )) {
        if (m.headers) seen++;
      }
    }
    return seen / ((performance.now() - started) / 1000);
  } finally {
    await client.logout();
  }
}

/**
 * Unmeasured, as the bare listing is warmed up before it is measured: the sync reads on its
 * IMAP thread, which a running app keeps from sync to sync, so its code paths are warm too.
 */
async function warmImapThread(settings: ImapSettings) {
  const inbox = await openImapInboxOnThread(settings);
  try {
    const uids = await inbox.uidsSince(new Date(Date.now() - 86_400_000));
    for (let i = 0; i < uids.length; i += 500) await inbox.headers(uids.slice(i, i + 500), CANDIDATE_HEADERS);
    for (let i = 0; i < RELEVANT; i += 100) await inbox.messages(uids.slice(i, i + 100), SOURCE_LIMIT);
  } finally {
    await inbox.close();
  }
}

async function imapBench(kinds: BenchDb[]) {
  const dovecot = await startDovecot({ users: [USER] });
  const url = `imap://${encodeURIComponent(USER.user)}:${USER.password}@127.0.0.1:${dovecot.port}`;
  try {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: dovecot.port,
      secure: false,
      auth: { user: USER.user, pass: USER.password },
      logger: false,
    });
    await client.connect();
    // The Message-IDs the replies quote are the same in every database's seed (ids start at 1).
    const ourIds = Array.from({ length: RELEVANT }, (_, i) => `<sent.${i + 1}@bench.example>`);
    for (let i = 0; i < MESSAGES; i++) await client.append('INBOX', message(i, ourIds));
    await client.logout();
    // Unmeasured: warms the server's index and this process's code paths.
    await bareImapListing(dovecot.port);

    for (const kind of kinds) {
      const app = await startBenchApp(kind, { IMAP_URL: url });
      try {
        await seedSent(app);
        const settings = app.ctx.config.mail.imap!;
        await warmImapThread(settings);
        // The ceiling right before and right after the sync, so a machine busy with something else
        // for a while moves both alike.
        const before = await bareImapListing(dovecot.port);
        const t0 = performance.now();
        const report = await syncImapMailbox({ db: app.ctx.db, settings, now: () => new Date() });
        const rate = MESSAGES / ((performance.now() - t0) / 1000);
        const ceiling = (before + (await bareImapListing(dovecot.port))) / 2;
        if (report.skipped || report.recorded !== RELEVANT)
          throw new Error(`IMAP sync recorded ${JSON.stringify(report)}`);
        results.push({
          metric: 'IMAP bare header listing (ceiling)',
          db: kind,
          value: ceiling,
          unit: 'messages/s',
          goal: null,
          higherIsBetter: true,
        });
        results.push({
          metric: 'IMAP sync from scratch',
          db: kind,
          value: rate,
          unit: 'messages/s',
          goal: null,
          higherIsBetter: true,
        });
        results.push({
          metric: 'IMAP sync / bare listing',
          db: kind,
          value: rate / ceiling,
          unit: 'ratio',
          goal: 0.5,
          higherIsBetter: true,
        });
        const cpu = process.cpuUsage();
        const again = await syncImapMailbox({ db: app.ctx.db, settings, now: () => new Date() });
        if (again.skipped || again.read !== 0)
          throw new Error(`incremental IMAP sync read ${JSON.stringify(again)}`);
        results.push({
          metric: 'IMAP incremental sync, nothing new (CPU)',
          db: kind,
          value: cpuMs(cpu),
          unit: 'ms',
          goal: 50,
          higherIsBetter: false,
        });
      } finally {
        await app.close();
      }
    }
  } finally {
    await dovecot.stop();
  }
}

async function gmailBench(kinds: BenchDb[]) {
  for (const kind of kinds) {
    const app = await startBenchApp(kind);
    const token = 'bench-token';
    const mail: FakeMailProviders = await startFakeMailProviders({
      scopesOf: () => ['https://www.googleapis.com/auth/gmail.readonly'],
      gmailAddress: USER.user,
    });
    try {
      const { userId, ourIds } = await seedSent(app);
      for (let i = 0; i < MESSAGES; i++) await mail.deliver('gmail', message(i, ourIds));
      const inbox = gmailInbox({ baseUrl: mail.gmailUrl, token: async () => token, timeoutMs: 30_000 });

      // The ceiling: list the same messages and read the same headers, eight at a time, into nothing.
      const started = performance.now();
      const limit = pLimit(8);
      let seen = 0;
      let pageToken: string | undefined;
      do {
        const page = await inbox.recent(7, pageToken, 500);
        const got = await Promise.all(
          page.messages.map((m) => limit(() => inbox.headers(m.id, CANDIDATE_HEADERS))),
        );
        seen += got.filter(Boolean).length;
        pageToken = page.nextPageToken;
      } while (pageToken);
      const ceiling = seen / ((performance.now() - started) / 1000);
      results.push({
        metric: 'Gmail bare header listing (ceiling)',
        db: kind,
        value: ceiling,
        unit: 'messages/s',
        goal: null,
        higherIsBetter: true,
      });

      const deps = {
        db: app.ctx.db,
        inbox,
        mailbox: { userId, address: USER.user },
        key: `google:${userId}`,
        now: () => new Date(),
        rescanDays: 7,
      };
      const t0 = performance.now();
      const first = await syncGmailMailbox(deps);
      const rate = MESSAGES / ((performance.now() - t0) / 1000);
      if (first.skipped || first.recorded !== RELEVANT)
        throw new Error(`Gmail sync recorded ${JSON.stringify(first)}`);
      results.push({
        metric: 'Gmail sync from scratch',
        db: kind,
        value: rate,
        unit: 'messages/s',
        goal: null,
        higherIsBetter: true,
      });
      results.push({
        metric: 'Gmail sync / bare listing',
        db: kind,
        value: rate / ceiling,
        unit: 'ratio',
        goal: 0.5,
        higherIsBetter: true,
      });
      const cpu = process.cpuUsage();
      const again = await syncGmailMailbox(deps);
      if (again.skipped || again.read !== 0)
        throw new Error(`incremental Gmail sync read ${JSON.stringify(again)}`);
      results.push({
        metric: 'Gmail incremental sync, nothing new (CPU)',
        db: kind,
        value: cpuMs(cpu),
        unit: 'ms',
        goal: 50,
        higherIsBetter: false,
      });
    } finally {
      await mail.close();
      await app.close();
    }
  }
}

const kinds = await benchDatabases();
/** SYNC_ONLY=imap or gmail runs one part. */
const only = process.env.SYNC_ONLY;
const unavailable = dovecotUnavailable();
if (only !== 'gmail') {
  if (unavailable) console.warn(`IMAP part skipped: ${unavailable}`);
  else await imapBench(kinds);
}
if (only !== 'imap') await gmailBench(kinds);
report('sync', results);
process.exit(0);

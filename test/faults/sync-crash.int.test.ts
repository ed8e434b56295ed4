import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import {
  campaignStats,
  emails,
  inboundMessages,
  mailboxSyncs,
  unsubscribes,
} from '../../src/server/db/schema';
import { type Dovecot, dovecotUnavailable, startDovecot } from '../peers/dovecot';
import { createCampaign, createRecipientWithEmail, createUser } from '../support/factories';
import { inboundFixture } from '../support/inbound';
import { TEST_NODE_FLAGS } from '../support/node-flags';
import { adminQuery, databaseUrl } from '../support/postgres';
import { seededRandom } from '../support/seeded-random';
import { bundledProgram } from '../support/spawn-server';
import { testDatabases } from '../support/test-app';

const TRIALS = Number(process.env.SYNC_CRASH_TRIALS ?? 20);
const ROOT = path.resolve(import.meta.dirname, '../..');
const MAILBOX = { user: 'crash@example.com', password: 'crash-password' };
/** Per trial: two replies, a hard bounce, an out-of-office and two unrelated messages arrive. */
const RELEVANT_PER_TRIAL = 4;
const MESSAGES_PER_TRIAL = 6;

const unavailable = dovecotUnavailable();

/**
 * A worker syncing the IMAP mailbox is SIGKILLed at a random moment, 20 times, while new mail keeps
 * arriving; each time another worker takes over once the dead one's lease has run out. At the end,
 * every message is recorded exactly once, and what the records changed (replied and bounced
 * emails, the suppression list, the rollups) agrees with them.
 */
describe.skipIf(unavailable !== null).each(testDatabases())(
  'syncing survives a killed worker (%s)',
  (kind) => {
    let dovecot: Dovecot;
    let dataDir: string;
    let url: string | undefined;
    let drop = async () => {};
    const sent: { id: number; messageId: string; address: string }[] = [];
    let campaignId: number;

    const withDatabase = async <T>(use: (database: Database) => Promise<T>) => {
      const database = await openDatabase({ databaseUrl: url, dataDir });
      try {
        return await use(database);
      } finally {
        await database.close();
      }
    };

    beforeAll(async () => {
      dovecot = await startDovecot({ users: [MAILBOX] });
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-sync-crash-'));
      if (kind === 'postgres') {
        const template = inject('pgTemplate')!;
        const name = `tailor_sync_crash_${process.pid}_${Date.now()}`;
        await adminQuery(template.serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
        url = databaseUrl(template.serverUrl, name);
        drop = () =>
          adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => {});
      }
      await withDatabase(async (database) => {
        await database.migrate();
        const user = await createUser(database.db, { email: MAILBOX.user });
        const campaign = await createCampaign(database.db, user.id);
        campaignId = campaign.id;
        for (let i = 0; i < TRIALS * 3; i++) {
          const messageId = `<crash.${i}.${kind}@mail.example.com>`;
          const address = `r${i}@example.org`;
          const row = await createRecipientWithEmail(database.db, campaign, {
            email: address,
            status: 'sent',
            sentAt: new Date(),
            messageId,
          });
          sent.push({ id: row.email.id, messageId, address });
        }
      });
    }, 120_000);
    afterAll(async () => {
      await dovecot?.stop();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** Trial `n`'s mail: replies to emails 3n and 3n+1, a bounce of 3n+2, an out-of-office to 3n, and two others. */
    async function arrive(n: number) {
      const [a, b, c] = [sent[3 * n]!, sent[3 * n + 1]!, sent[3 * n + 2]!];
      const reply = (to: typeof a, tag: string) =>
        [
          `From: Reader <reader.${tag}@example.org>`,
          `To: ${MAILBOX.user}`,
          'Subject: Re: Hello',
          `Message-ID: <${tag}.${n}@example.org>`,
          `In-Reply-To: ${to.messageId}`,
          `References: ${to.messageId}`,
          '',
          `Thanks, answer ${tag} of trial ${n}.`,
          '',
        ].join('\r\n');
      const unrelated = (tag: string) =>
        [
          `From: news@letters.example`,
          `To: ${MAILBOX.user}`,
          `Subject: News ${tag}`,
          `Message-ID: <${tag}.${n}@letters.example>`,
          '',
          'Hello.',
          '',
        ].join('\r\n');
      const fixture = (name: string, quoted: string, to: typeof a, tag: string) =>
        inboundFixture(name)
          .toString()
          .replaceAll(quoted, to.messageId)
          // A bounce report counts only when it names the address the email went to.
          .replaceAll('bob@martin-sons.example', to.address)
          .replace(/^Message-ID: .*$/im, `Message-ID: <${tag}.${n}@mail.example.com>`);
      for (const raw of [
        reply(a, 'first'),
        unrelated('one'),
        fixture('postfix-bounce-5.1.1', '<tailor.123.abc@mail.example.com>', c, 'bounce'),
        reply(b, 'second'),
        fixture('out-of-office-rfc3834', '<tailor.123.abc@mail.example.com>', a, 'away'),
        unrelated('two'),
      ]) {
        await dovecot.append(MAILBOX.user, raw);
      }
    }

    function startWorker() {
      const child = spawn(
        process.execPath,
        [...TEST_NODE_FLAGS, bundledProgram('test/faults/sync-child.ts')],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            DATABASE_URL: url ?? '',
            IMAP_URL: `imap://${encodeURIComponent(MAILBOX.user)}:${MAILBOX.password}@127.0.0.1:${dovecot.port}`,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
      });
      child.stderr.on('data', (d: Buffer) => {
        out += d.toString();
      });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      const ready = new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (out.includes('sync worker ready')) {
            clearInterval(timer);
            resolve();
          }
        }, 10);
        void exited.then(() => {
          clearInterval(timer);
          reject(new Error(`the sync worker exited before it was ready:\n${out}`));
        });
      });
      return { child, ready, exited, output: () => out };
    }

    it(`records every message once after ${TRIALS} kills`, async () => {
      const random = seededRandom(`sync-crash ${kind}`);
      let killedMidSync = 0;
      for (let n = 0; n < TRIALS; n++) {
        await arrive(n);
        const worker = startWorker();
        await worker.ready;
        await new Promise((resolve) => setTimeout(resolve, random.int(0, 400)));
        const syncsBefore = (worker.output().match(/synced \{"rescanned"/g) ?? []).length;
        worker.child.kill('SIGKILL');
        await worker.exited;
        if (syncsBefore === 0) killedMidSync++;
        // The next worker takes over once the dead one's lease (300 ms) has run out.
        await new Promise((resolve) => setTimeout(resolve, 350));
      }
      console.log(`[sync-crash ${kind}] ${killedMidSync} of ${TRIALS} kills landed before a sync finished`);

      // One last worker, left to finish.
      const last = startWorker();
      await last.ready;
      const deadline = Date.now() + 60_000;
      while (!/synced \{"rescanned":(true|false),"read":0,/.test(last.output()) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      last.child.kill('SIGKILL');
      await last.exited;
      expect(last.output()).toMatch(/"read":0,"recorded":0/);

      await withDatabase(async ({ db }) => {
        const records = await db
          .select({ key: inboundMessages.sourceKey, kind: inboundMessages.kind })
          .from(inboundMessages);
        expect(records).toHaveLength(TRIALS * RELEVANT_PER_TRIAL);
        expect(new Set(records.map((r) => r.key)).size).toBe(records.length);
        const count = (kindOf: string) => records.filter((r) => r.kind === kindOf).length;
        expect([count('reply'), count('bounce'), count('auto-reply')]).toEqual([2 * TRIALS, TRIALS, TRIALS]);

        const [truth] = await db
          .select({
            replied: sql<number>`count(*) filter (where ${emails.repliedAt} is not null)::int`,
            bounced: sql<number>`count(*) filter (where ${emails.bounceKind} = 'hard')::int`,
          })
          .from(emails)
          .where(eq(emails.campaignId, campaignId));
        expect(truth).toEqual({ replied: 2 * TRIALS, bounced: TRIALS });
        const [stats] = await db.select().from(campaignStats).where(eq(campaignStats.campaignId, campaignId));
        expect(stats).toMatchObject({ replied: 2 * TRIALS, bounced: TRIALS, unsubscribes: 0 });
        const suppressed = await db
          .select()
          .from(unsubscribes)
          .where(and(eq(unsubscribes.reason, 'bounced')));
        expect(suppressed).toHaveLength(TRIALS);
        const [state] = await db.select().from(mailboxSyncs).where(eq(mailboxSyncs.key, 'imap'));
        expect(state!.cursor).toMatchObject({ lastUid: TRIALS * MESSAGES_PER_TRIAL });
      });
    }, 300_000);
  },
);

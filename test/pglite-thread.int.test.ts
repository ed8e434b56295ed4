import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase, pgliteOptions } from '../src/server/db/pglite-start';
import { openPgliteThread, type PgliteClient } from '../src/server/db/pglite-thread';

/**
 * The embedded database's thread behaves as PGlite on the app's own thread did: answers in order,
 * PostgreSQL's errors with their fields, transactions that commit, roll back and keep others out
 * while open, and a close that lets what was asked before it finish.
 */
describe("the embedded database's thread", () => {
  let dir: string;
  let client: PgliteClient;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-pglite-thread-'));
    client = await openThread();
    await client.exec('create table t (id int primary key, note text)');
  });
  afterAll(async () => {
    await client?.close().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A new database in a folder of its own under `dir`, on a thread of its own. */
  let opened = 0;
  async function openThread() {
    const options = pgliteOptions(path.join(dir, `pglite-${++opened}`));
    await createPgliteDatabase(options, null);
    return openPgliteThread(options);
  }

  const count = async () =>
    Number((await client.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n);

  it('answers queries with their rows, fields and counts, as PGlite does', async () => {
    const inserted = await client.query('insert into t values ($1, $2), ($3, $4)', [1, 'one', 2, 'two']);
    expect(inserted.affectedRows).toBe(2);
    const { rows, fields } = await client.query<{ id: number; note: string }>(
      'select id, note from t order by id',
    );
    expect(rows).toEqual([
      { id: 1, note: 'one' },
      { id: 2, note: 'two' },
    ]);
    expect(fields.map((f) => f.name)).toEqual(['id', 'note']);
    const arrays = await client.query('select id, now() as at from t order by id', [], {
      rowMode: 'array',
      // As Drizzle asks: timestamptz (1184) as PostgreSQL writes it.
      parsers: { 1184: (value: string) => value },
    });
    expect(arrays.rows[0]).toEqual([1, expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/)]);
  });

  it("rejects with PostgreSQL's fields, and goes on answering", async () => {
    const failed = await client.query('insert into t values (1, $1)', ['again']).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({
      code: '23505',
      constraint: 't_pkey',
      message: expect.stringMatching(/duplicate key/),
    });
    expect(await count()).toBe(2);
  });

  it('commits a transaction, rolls one back on an error, and holds other requests while one is open', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into t values (3, $1)', ['three']);
    });
    const thrown = await client
      .transaction(async (tx) => {
        await tx.query('insert into t values (4, $1)', ['four']);
        throw new Error('changed my mind');
      })
      .catch((err: Error) => err.message);
    expect(thrown).toBe('changed my mind');
    expect(await count()).toBe(3);

    // While a transaction is open, a request from outside it waits until it ends, and then sees it.
    let outsideSaw: number | null = null;
    let outside: Promise<void> = Promise.resolve();
    await client.transaction(async (tx) => {
      await tx.query('insert into t values (5, $1)', ['five']);
      outside = count().then((n) => {
        outsideSaw = n;
      });
      await tx.query('select pg_sleep(0.05)');
      expect(outsideSaw).toBeNull();
    });
    await outside;
    expect(outsideSaw).toBe(4);
  });

  it('answers what was asked before the close, then refuses with the reason', async () => {
    const own = await openThread();
    await own.exec('create table u (id int)');
    // Asked and not awaited before the close, as pg-boss does with a job's end.
    const before = own.query('insert into u select generate_series(1, 1000)');
    await own.close();
    await expect(before).resolves.toMatchObject({ affectedRows: 1000 });
    await expect(own.query('select 1')).rejects.toThrow(/embedded database's thread stopped/);
  });

  it('a second close waits for the first, and both end well', async () => {
    const own = await openThread();
    await own.exec('create table c (id int)');
    const before = own.query('insert into c select generate_series(1, 1000)');
    // As an app's shutdown and a test's clean-up may both close it: neither cuts the other off.
    const closes = await Promise.allSettled([own.close(), own.close()]);
    expect(closes.map((c) => c.status)).toEqual(['fulfilled', 'fulfilled']);
    await expect(before).resolves.toMatchObject({ affectedRows: 1000 });
  });

  it('dumps the data folder as a gzipped tarball', async () => {
    const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    expect(tarball.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });
});

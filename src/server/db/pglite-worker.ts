import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { answerCalls, Transferred } from '../lib/thread-calls';
import type { PgliteRequest } from './pglite-thread';

/**
 * The embedded database's own thread (see pglite-thread.ts): PGlite opened here, each request of
 * the app's thread answered in the order it came. A transaction stays open across requests until
 * the app's thread ends it; meanwhile PGlite holds every other request back, as on one thread.
 */
let db: PGlite | null = null;
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();
/** Thrown into a transaction's work to roll it back, and recognised afterwards. */
const ROLLED_BACK = new Error('rolled back');
const identity = (value: unknown) => value;

answerCalls<PgliteRequest>(answer);

async function answer(request: PgliteRequest): Promise<unknown> {
  if (request.op === 'open') {
    db = await PGlite.create(request.options);
    return null;
  }
  if (!db) throw new Error('The embedded database is not open');
  switch (request.op) {
    case 'query': {
      const result = await on(db, request.tx).query(request.text, request.params, {
        rowMode: request.rowMode,
        // Drizzle keeps dates, times and intervals as PostgreSQL writes them: those types, raw.
        parsers: Object.fromEntries(request.rawTypes.map((type) => [type, identity])),
        ...(request.blob !== undefined && { blob: new Blob([request.blob]) }),
      });
      return plain(result);
    }
    case 'exec':
      return (await on(db, request.tx).exec(request.text)).map(plain);
    case 'begin':
      return begin(db, request.tx);
    case 'end': {
      const { end, done } = openTx(request.tx);
      open.delete(request.tx);
      end(request.commit);
      await done.catch((err) => {
        if (err !== ROLLED_BACK) throw err;
      });
      return null;
    }
    case 'dump': {
      const tarball = await (await db.dumpDataDir('gzip')).arrayBuffer();
      return new Transferred(tarball, [tarball]);
    }
    case 'close': {
      // PGlite's close takes the locks every statement takes: what was asked before it (pg-boss
      // does not await every statement) is answered first.
      await db.close();
      db = null;
      return null;
    }
  }
}

const on = (client: PGlite, tx: number | undefined) => (tx === undefined ? client : openTx(tx).tx);

/** Opens a transaction that lasts until its `end` request; resolves once PGlite has begun it. */
function begin(client: PGlite, txId: number) {
  return new Promise<null>((begun, failed) => {
    let started = false;
    const done: Promise<void> = client.transaction(
      (tx) =>
        new Promise<void>((commit, rollBack) => {
          open.set(txId, { tx, end: (yes) => (yes ? commit() : rollBack(ROLLED_BACK)), done });
          started = true;
          begun(null);
        }),
    );
    done.catch((err) => {
      if (!started) failed(err);
    });
  });
}

function openTx(txId: number) {
  const found = open.get(txId);
  if (!found) throw new Error(`No open transaction ${txId} on the embedded database's thread`);
  return found;
}

/** What the app's thread reads of a result: its rows, fields and count. */
function plain(result: Results<unknown>): Pick<Results<unknown>, 'rows' | 'fields' | 'affectedRows'> {
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
}

import { param, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { selectRows } from '../db/client';

/** How soon a due job (enqueued by another process, retried, or made by a schedule) is noticed. */
export const DUE_SCAN_MS = 500;

/**
 * pg-boss polls with a fetch statement per worker loop: with a dozen loops that is one every
 * 60 ms or so, idle or not: on the embedded database an idle app spent about 4 % of a core on
 * them. Instead one statement per DUE_SCAN_MS asks which of `queues` hold a job
 * that is due (created or waiting for a retry, its start time passed; pg-boss's partial index
 * answers it) and wakes those queues' loops. Work enqueued in this process wakes its loops at
 * once without waiting for the look.
 */
export function startDueScan(
  db: Db,
  queues: string[],
  wake: (queue: string) => void,
  onError: (err: unknown) => void,
) {
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<void> = Promise.resolve();
  const look = async () => {
    try {
      const due = await selectRows<{ name: string }>(
        db,
        sql`select distinct name from pgboss.job
            where name = any(${param(queues)}::text[]) and state < 'active' and start_after < now()`,
      );
      for (const { name } of due) wake(name);
    } catch (err) {
      // The loops' own slow poll still finds the work; the next look may succeed.
      onError(err);
    }
  };
  const next = () => {
    timer = setTimeout(() => {
      looking = look().then(() => {
        if (running) next();
      });
    }, DUE_SCAN_MS);
  };
  next();
  return {
    async stop() {
      running = false;
      clearTimeout(timer);
      await looking;
    },
  };
}

import crypto from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { countRateLimitHit, deleteExpiredRateLimitCounters } from '../queries/rate-limits';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * A @fastify/rate-limit store kept in the database. The plugin's default store lives in each
 * process's memory, so N web processes behind a load balancer would each allow the full quota;
 * with this one they share a single count per client and route.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly route: string;

    /** The plugin constructs the store with its options; children carry the route they count for. */
    constructor(_options: unknown, route = '') {
      this.route = route;
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      countRateLimitHit(db, counterKey(this.route, key), timeWindow).then(
        (res) => callback(null, res),
        (err: Error) => callback(err),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes its merged settings, with the route under `routeInfo` (typed loosely upstream).
      const { routeInfo } = options as unknown as {
        routeInfo?: { method?: string | string[]; url?: string };
      };
      const { method, url } = routeInfo ?? {};
      return new DatabaseRateLimitStore(options, `${[method].flat().join(',')} ${url ?? ''}`);
    }
  };
}

/** Hashed, so the table holds no client addresses, and of a fixed size whatever the key. */
function counterKey(route: string, client: string) {
  return crypto.createHash('sha256').update(`${route}\n${client}`).digest('base64url');
}

export const cleanUpRateLimitCounters = (db: Db) => deleteExpiredRateLimitCounters(db);

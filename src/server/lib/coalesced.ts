import { createCache } from 'async-cache-dedupe';

/**
 * Wraps a read so that identical calls in flight at the same moment share one execution: the
 * first caller's query runs, and callers that arrive before it settles get its answer. Nothing is
 * kept after that (ttl 0), so an answer is never older than the query in flight when it was
 * asked for. It turns a burst of the same expensive read (a dashboard polled by many tabs, an
 * analytics page under load) into one database query instead of a queue of identical ones.
 *
 * `key` must name everything the answer depends on, the user first: calls with equal keys get
 * the same answer.
 */
export function coalesced<A, R>(
  key: (arg: A) => string,
  read: (arg: A) => Promise<R>,
): (arg: A) => Promise<R> {
  const cache = createCache({ ttl: 0, storage: { type: 'memory' } }).define('read', { serialize: key }, read);
  return (arg) => cache.read(arg);
}

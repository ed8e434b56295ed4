import pLimit from 'p-limit';
import { cannotRun } from './ai-from-env';

/**
 * Runs `task` on the first item alone, then on the rest `concurrency` at a time. A wrong address,
 * model or key fails the first call, and the run stops there with the provider's reason (exit 2)
 * instead of failing every item; after that a failure is the item's own, returned as its Error.
 */
export async function firstThenRest<T, R>(
  items: readonly T[],
  task: (item: T) => Promise<R>,
  concurrency: number,
): Promise<(R | Error)[]> {
  if (items.length === 0) return [];
  let first: R;
  try {
    first = await task(items[0]!);
  } catch (err) {
    cannotRun(`The AI provider could not answer the first request: ${(err as Error).message}`);
  }
  const limit = pLimit(concurrency);
  const rest = await Promise.all(
    items
      .slice(1)
      .map((item) =>
        limit(() =>
          task(item).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err)))),
        ),
      ),
  );
  return [first, ...rest];
}

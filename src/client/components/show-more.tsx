import { Button, Center } from '@mantine/core';
import { useState } from 'react';

/**
 * The first `step` items of a long list, and a button for the next ones: a page with 200
 * campaigns shows its first cards as soon as its data arrives instead of building every card (and
 * its buttons and menus) first.
 */
export function useShowMore<T>(items: readonly T[] | undefined, step: number) {
  const [count, setCount] = useState(step);
  const all = items ?? [];
  const rest = Math.max(0, all.length - count);
  return {
    shown: all.slice(0, count),
    more:
      rest > 0 ? (
        <Center mt="md">
          <Button variant="default" onClick={() => setCount((c) => c + step)}>
            Show {Math.min(step, rest).toLocaleString()} more of {rest.toLocaleString()}
          </Button>
        </Center>
      ) : null,
  };
}

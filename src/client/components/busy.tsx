import { Loader, type MantineSize } from '@mantine/core';

/**
 * A spinner that says what it waits for. As a status it is announced, and may carry that name:
 * an element without a role may not (a screen reader skips it, and the accessibility check fails).
 */
export function Busy({ label, size }: { label: string; size?: MantineSize }) {
  return <Loader role="status" aria-label={label} size={size} />;
}

import { useEffect, useState } from 'react';

/** How long the number of unchecked drafts may stay put before the review stops waiting for it. */
const CHECKS_STALL_MS = 60_000;

/**
 * Whether the draft checks look busy: some drafts are unchecked and their number moved within the
 * last minute. Checks that never finish (their job failed for good, or the drafts predate the checks)
 * would otherwise keep the review reading its page again every few seconds for as long as it is open.
 */
export function useChecksRunning(unchecked: number) {
  const [stalled, setStalled] = useState(false);
  useEffect(() => {
    setStalled(false);
    if (unchecked === 0) return;
    const timer = setTimeout(() => setStalled(true), CHECKS_STALL_MS);
    return () => clearTimeout(timer);
  }, [unchecked]);
  return unchecked > 0 && !stalled;
}

import { useEffect } from 'react';
import { api } from '../../contract/api';
import { TOKEN_REFRESH_INTERVAL_MS } from '../../contract/limits';
import { call } from '../api';

// Per page load, per user: a later sign-in as someone else in the same tab still reports the zone.
const timeZoneReportedFor = new Set<number>();

/**
 * While signed in: keep the session alive every 30 minutes (docs/product.md §1) and tell the server the
 * browser's time zone once, since daily limits count in the user's own day. Failures are only logged.
 */
export function useSessionUpkeep(userId: number | null) {
  useEffect(() => {
    if (userId === null) return;
    if (!timeZoneReportedFor.has(userId)) {
      timeZoneReportedFor.add(userId);
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      call(api.auth.timeZone, { body: { timeZone } }).catch(() => {});
    }
    const timer = setInterval(() => {
      call(api.auth.refreshToken).catch((error: unknown) => console.error('Token refresh failed', error));
    }, TOKEN_REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [userId]);
}

import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { isUnauthorized } from '../api';
import { showToast } from '../toast';
import { CURRENT_USER_KEY } from './use-current-user';

/**
 * While signed in, any data query answering 401 means the session ended on the server (expired or
 * revoked). Tell the user once (docs/product.md §1), show the Session Timeout screen, and re-run the
 * sign-in check so the app falls back to the signed-out routes.
 */
export function useSessionExpiry(signedIn: boolean) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const handled = useRef(false);

  useEffect(() => {
    if (!signedIn) return;
    handled.current = false;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryHash === hashKey(CURRENT_USER_KEY) || !isUnauthorized(event.action.error)) return;
      if (handled.current) return;
      handled.current = true;
      showToast({
        title: 'Session Expired',
        message: 'Your session has expired. Please log in again.',
        tone: 'error',
      });
      navigate('/session-timeout');
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    });
  }, [signedIn, queryClient, navigate]);
}

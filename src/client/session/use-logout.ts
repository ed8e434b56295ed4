import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { api } from '../../contract/api';
import { call } from '../api';
import { CURRENT_USER_KEY } from './use-current-user';

/** docs/product.md §1: post the logout, then go to / whatever the server said. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    try {
      await call(api.auth.logout);
    } catch (error) {
      console.error('Logout failed', error);
    }
    // Drop everything the signed-in user could see, then mark the session as signed out so the
    // landing page shows without waiting for another round trip.
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(CURRENT_USER_KEY) });
    queryClient.setQueryData(CURRENT_USER_KEY, null);
    navigate('/');
  };
}

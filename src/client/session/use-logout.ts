import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from '../api';
import { CURRENT_USER_KEY } from './use-current-user';

/** docs/product.md §1: post the logout, then go to / whatever the server said. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    try {
      await apiRequest('/api/auth/logout', { method: 'POST' });
    } catch (error) {
      console.error('Logout failed', error);
    }
    // Drop everything the signed-in user could see, then mark the session as signed out so the
    // landing page shows without waiting for another round trip.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
    queryClient.setQueryData(CURRENT_USER_KEY, null);
    navigate('/');
  };
}

import { useQuery } from '@tanstack/react-query';
import { api } from '../../contract/api';
import type { CurrentUser } from '../../contract/auth';
import { call, isUnauthorized, keyOf } from '../api';

export const CURRENT_USER_KEY = keyOf(api.auth.user);

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out' | 'error';

export interface Session {
  status: SessionStatus;
  /** Present only when signed in. */
  user: CurrentUser | null;
}

/**
 * The sign-in check (docs/product.md §1): signed in = the user call returns data; a 401 means signed out.
 */
export function useCurrentUser(): Session {
  const query = useQuery({ queryKey: CURRENT_USER_KEY, queryFn: fetchCurrentUser, retry: false });
  if (query.isPending) return { status: 'loading', user: null };
  if (query.isError) return { status: 'error', user: null };
  return query.data ? { status: 'signed-in', user: query.data } : { status: 'signed-out', user: null };
}

async function fetchCurrentUser({ signal }: { signal: AbortSignal }): Promise<CurrentUser | null> {
  try {
    return await call(api.auth.user, { signal });
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

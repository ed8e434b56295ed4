import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api';
import { CURRENT_USER_KEY } from '../../session/use-current-user';
import { showErrorToast } from '../../toast';

export type Provider = 'google' | 'microsoft';

const startPaths: Record<Provider, string> = { google: '/api/auth/google', microsoft: '/api/auth/outlook' };

/** OAuth sign-in is a full-page navigation: the server redirects to the provider and back. */
export function startSignIn(provider: Provider) {
  window.location.assign(startPaths[provider]);
}

/** "Continue locally" signs in as the local user, then re-runs the sign-in check. */
export function useContinueLocally() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/auth/local', { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    onError: (error) => showErrorToast(error, 'Could not sign in locally'),
  });
}

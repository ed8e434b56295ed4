import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { call, hrefOf } from '../../api';
import { CURRENT_USER_KEY } from '../../session/use-current-user';
import { showErrorToast } from '../../toast';

export type Provider = 'google' | 'microsoft';

const providerPaths = { google: 'google', microsoft: 'outlook' } as const;

/** Where a sign-in with this provider starts (the server redirects on to the provider). */
export const signInHref = (provider: Provider) =>
  hrefOf(api.auth.start, { params: { provider: providerPaths[provider] } });

/** OAuth sign-in is a full-page navigation: the server redirects to the provider and back. */
export function startSignIn(provider: Provider) {
  window.location.assign(signInHref(provider));
}

/** "Continue locally" signs in as the local user, then re-runs the sign-in check. */
export function useContinueLocally() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.auth.local, { body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    onError: (error) => showErrorToast(error, 'Could not sign in locally'),
  });
}

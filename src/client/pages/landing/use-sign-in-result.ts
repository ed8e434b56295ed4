import { useEffect } from 'react';
import { showToast } from '../../toast';

const results = {
  failed: { title: 'Sign-in failed', message: 'We could not sign you in. Please try again.' },
  denied: { title: 'Sign-in was cancelled', message: 'You can sign in again whenever you are ready.' },
} as const;

/**
 * The OAuth callback sends the browser back to `/?signin=failed|denied` when sign-in does not
 * complete. Say so once, then drop the parameter so a reload does not repeat the toast.
 */
export function useSignInResult() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const result = url.searchParams.get('signin');
    if (result !== 'failed' && result !== 'denied') return;
    url.searchParams.delete('signin');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    showToast({ ...results[result], tone: 'error' });
  }, []);
}

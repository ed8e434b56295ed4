/** An invitation link opened while signed out, kept in this browser until sign-in brings it back. */
const KEY = 'tailor.pendingInvitation';

export function rememberInvitation(token: string) {
  window.localStorage.setItem(KEY, token);
}

/** The link's path once, after sign-in; null when there is none. */
export function takePendingInvitation(): string | null {
  const token = window.localStorage.getItem(KEY);
  if (token) window.localStorage.removeItem(KEY);
  return token && /^[\w-]{20,100}$/.test(token) ? `/invite/${token}` : null;
}

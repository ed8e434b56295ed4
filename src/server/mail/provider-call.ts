import { MailRetryableError } from './mail-errors';

/**
 * A caller for a provider's REST API under `base`, authorised with the mailbox's bearer token:
 * on a 401 it asks for a refreshed token and tries once more.
 */
export function providerCall(base: string, token: (refresh: boolean) => Promise<string>) {
  return (path: string, init: RequestInit) =>
    withFreshToken(token, (accessToken) =>
      fetch(`${base}/${path}`, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(30_000),
      }),
    );
}

/** Calls once; on a 401 asks for a refreshed token and calls again. Network errors are retryable. */
export async function withFreshToken(
  token: (refresh: boolean) => Promise<string>,
  call: (token: string) => Promise<Response>,
): Promise<Response> {
  try {
    const first = await call(await token(false));
    if (first.status !== 401) return first;
    await first.body?.cancel();
    return await call(await token(true));
  } catch (err) {
    if (err instanceof Error && (err.name === 'TypeError' || err.name === 'TimeoutError')) {
      throw new MailRetryableError(`Could not reach the mail provider: ${err.message}`);
    }
    throw err;
  }
}

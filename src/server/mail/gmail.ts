import { mailErrorFromResponse } from './http-mail-error';
import { MailRetryableError } from './mail-errors';
import type { MailTransport } from './mail-transport';

/**
 * Gmail API: `users.messages.send` with the raw MIME (base64url). `token()` returns a valid
 * access token, refreshing it when told the current one was refused.
 */
export function gmailTransport(opts: {
  baseUrl: string;
  token(refresh: boolean): Promise<string>;
  canRead: boolean;
}): MailTransport {
  const call = (path: string, init: RequestInit) =>
    withFreshToken(opts.token, (token) =>
      fetch(`${opts.baseUrl}/v1/users/me/${path}`, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(30_000),
      }),
    );
  return {
    kind: 'gmail',
    async send(message) {
      const res = await call('messages/send', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ raw: Buffer.from(message.raw).toString('base64url') }),
      });
      if (!res.ok) throw await mailErrorFromResponse('Gmail', res);
      const body = (await res.json()) as { id?: string };
      return { providerMessageId: body.id ?? null };
    },
    async findSent(messageId) {
      if (!opts.canRead) return null;
      const res = await call(`messages?q=${encodeURIComponent(`rfc822msgid:${messageId}`)}`, {
        method: 'GET',
      });
      if (!res.ok) throw await mailErrorFromResponse('Gmail', res);
      const body = (await res.json()) as { messages?: unknown[] };
      return (body.messages?.length ?? 0) > 0;
    },
  };
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

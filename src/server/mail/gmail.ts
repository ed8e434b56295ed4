import { mailErrorFromResponse } from './http-mail-error';
import type { MailTransport } from './mail-transport';
import { providerCall } from './provider-call';

/**
 * Gmail API: `users.messages.send` with the raw MIME (base64url). `token()` returns a valid
 * access token, refreshing it when told the current one was refused.
 */
export function gmailTransport(opts: {
  baseUrl: string;
  token(refresh: boolean): Promise<string>;
  canRead: boolean;
}): MailTransport {
  const call = providerCall(`${opts.baseUrl}/v1/users/me`, opts.token);
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

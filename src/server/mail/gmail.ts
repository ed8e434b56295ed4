import { mailErrorFromResponse } from './http-mail-error';
import type { MailTransport } from './mail-transport';
import { providerCall } from './provider-call';

/**
 * Gmail API: `users.messages.send` with the raw MIME (base64url). `token()` returns a valid
 * access token, refreshing it when told the current one was refused. `canRead` means the token
 * holds `gmail.readonly`: Gmail refuses the `q` search under `gmail.metadata`, even beside it.
 */
export function gmailTransport(opts: {
  baseUrl: string;
  token(refresh: boolean): Promise<string>;
  canRead: boolean;
  timeoutMs: number;
}): MailTransport {
  const call = providerCall('Gmail', `${opts.baseUrl}/v1/users/me`, opts.token, opts.timeoutMs);
  return {
    kind: 'gmail',
    async send(message) {
      const res = await call('messages/send', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // A follow-up names the thread it joins; Gmail also needs its References and subject to match.
        body: JSON.stringify({
          raw: Buffer.from(message.raw).toString('base64url'),
          ...(message.providerThreadId ? { threadId: message.providerThreadId } : {}),
        }),
      });
      if (!res.ok) throw await mailErrorFromResponse('Gmail', res);
      const body = (await res.json()) as { id?: string; threadId?: string };
      return { providerMessageId: body.id ?? null, providerThreadId: body.threadId ?? null };
    },
    findSent: !opts.canRead
      ? null
      : async (messageId) => {
          const query = encodeURIComponent(`rfc822msgid:${messageId}`);
          // A sent message the user has since deleted still went out: Trash and Spam count too.
          const res = await call(`messages?q=${query}&includeSpamTrash=true&maxResults=1`, { method: 'GET' });
          if (!res.ok) throw await mailErrorFromResponse('Gmail', res);
          const body = (await res.json()) as { messages?: unknown[] };
          return (body.messages?.length ?? 0) > 0;
        },
  };
}

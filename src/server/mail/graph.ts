import { mailErrorFromResponse } from './http-mail-error';
import type { MailTransport } from './mail-transport';
import { providerCall } from './provider-call';

/**
 * Microsoft Graph `/me/sendMail` with the MIME message (base64, text/plain). Graph answers 202
 * with no body and no id, so our own Message-ID is what finds it again. The Sent Items lookup
 * filters on `internetMessageId` and selects no body, which `Mail.ReadBasic` allows.
 */
export function graphTransport(opts: {
  baseUrl: string;
  token(refresh: boolean): Promise<string>;
  canRead: boolean;
  timeoutMs: number;
}): MailTransport {
  const call = providerCall('Microsoft Graph', `${opts.baseUrl}/v1.0/me`, opts.token, opts.timeoutMs);
  return {
    kind: 'graph',
    async send(message) {
      const res = await call('sendMail', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: Buffer.from(message.raw).toString('base64'),
      });
      if (res.status !== 202 && !res.ok) throw await mailErrorFromResponse('Microsoft Graph', res);
      await res.body?.cancel();
      return { providerMessageId: null };
    },
    findSent: !opts.canRead
      ? null
      : async (messageId) => {
          const filter = `internetMessageId eq '${messageId.replace(/'/g, "''")}'`;
          const res = await call(
            `mailFolders/sentitems/messages?$filter=${encodeURIComponent(filter)}&$select=id,internetMessageId`,
            { method: 'GET' },
          );
          if (!res.ok) throw await mailErrorFromResponse('Microsoft Graph', res);
          const body = (await res.json()) as { value?: unknown[] };
          return (body.value?.length ?? 0) > 0;
        },
  };
}

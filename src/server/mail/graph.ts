import { mailErrorFromResponse } from './http-mail-error';
import type { MailTransport } from './mail-transport';
import { providerCall } from './provider-call';

/**
 * Microsoft Graph `/me/sendMail` with the MIME message (base64, text/plain). Graph answers 202
 * with no body and no id, so our own Message-ID is what finds it again. The Sent Items lookup
 * filters on `internetMessageId` and selects no body, which `Mail.ReadBasic` allows.
 *
 * sendMail cannot put a message into a conversation (Exchange drops In-Reply-To and References),
 * so a follow-up is sent with `/me/messages/{id}/reply`, MIME as well, on the email it answers,
 * found in Sent Items by its Message-ID. That lookup needs the read permission; without it, or
 * when the email is no longer there, the follow-up goes out through sendMail, on its own. An
 * answer to a reply is sent with `/reply` on the reply itself, whose Graph id the sync kept.
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
      const answered = message.answers?.startsWith('graph:')
        ? message.answers.slice('graph:'.length)
        : message.inReplyTo && opts.canRead
          ? await sentItemId(message.inReplyTo)
          : null;
      const res = await call(answered ? `messages/${encodeURIComponent(answered)}/reply` : 'sendMail', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: Buffer.from(message.raw).toString('base64'),
      });
      if (res.status !== 202 && !res.ok) throw await mailErrorFromResponse('Microsoft Graph', res);
      await res.body?.cancel();
      return { providerMessageId: null };
    },
    findSent: !opts.canRead ? null : async (messageId) => (await sentItemId(messageId)) !== null,
  };

  /** The Graph id of the message in Sent Items with this Message-ID, or null. */
  async function sentItemId(messageId: string): Promise<string | null> {
    const filter = `internetMessageId eq '${messageId.replace(/'/g, "''")}'`;
    const res = await call(
      `mailFolders/sentitems/messages?$filter=${encodeURIComponent(filter)}&$select=id,internetMessageId`,
      { method: 'GET' },
    );
    if (!res.ok) throw await mailErrorFromResponse('Microsoft Graph', res);
    const body = (await res.json()) as { value?: { id?: string }[] };
    return body.value?.[0]?.id ?? null;
  }
}

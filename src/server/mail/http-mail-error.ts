import { MailAuthError, MailRetryableError, retryAfterMs } from './mail-errors';

/** Maps a provider's error response to the pipeline's error kinds (see mail-errors.ts). */
export async function mailErrorFromResponse(provider: string, res: Response): Promise<Error> {
  const text = await res.text().catch(() => '');
  const detail = providerMessage(text) ?? (res.statusText || `HTTP ${res.status}`);
  if (res.status === 401) return new MailAuthError(`${provider} refused the mailbox credentials: ${detail}`);
  if (res.status === 429 || res.status >= 500) {
    return new MailRetryableError(
      `${provider} answered ${res.status}: ${detail}`,
      retryAfterMs(res.headers.get('retry-after')),
    );
  }
  return new Error(`${provider} refused the message (${res.status}): ${detail}`);
}

/** A read's answer: the response when it is a success, null when the item is gone (404), else its error. */
export async function foundOrGone(provider: string, res: Response): Promise<Response | null> {
  if (res.status === 404) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) throw await mailErrorFromResponse(provider, res);
  return res;
}

function providerMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
    if (typeof parsed.error === 'string') return parsed.error;
    return parsed.error?.message ?? parsed.message ?? null;
  } catch {
    return body.trim().slice(0, 300) || null;
  }
}

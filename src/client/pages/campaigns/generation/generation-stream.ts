import { api } from '../../../../contract/api';
import type { GenerationEvent } from '../../../../contract/campaigns';
import { apiFetch, hrefOf } from '../../../api';
import { toGenerationEvent } from './generation-events';
import { createSseParser } from './sse-parser';

export const NO_RESPONSE_BODY = 'No response body';

/**
 * Starts (or, when it already runs, follows) a campaign's generation and hands each event to
 * `onEvent` until the final `complete` or `error` event. Resolves to whether that final event
 * came; false means the stream ended early (the server keeps generating regardless).
 * Throws `ApiError` for a non-OK answer (the server's validation errors) and `NO_RESPONSE_BODY`
 * when the browser gives no readable stream.
 */
export async function followGeneration(
  campaignId: number,
  onEvent: (event: GenerationEvent) => void,
  signal?: AbortSignal,
): Promise<boolean> {
  const route = api.campaigns.generateEmails;
  const response = await apiFetch(hrefOf(route, { params: { id: campaignId } }), {
    method: route.method,
    signal,
  });
  if (!response.body) throw new Error(NO_RESPONSE_BODY);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();

  const handle = (messages: ReturnType<typeof parser.feed>) => {
    for (const message of messages) {
      const event = toGenerationEvent(message);
      if (!event) continue;
      onEvent(event);
      if (event.event !== 'progress') return true;
    }
    return false;
  };

  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) return handle(parser.feed(decoder.decode())) || handle(parser.end());
      if (handle(parser.feed(decoder.decode(value, { stream: true })))) return true;
    }
  } finally {
    // Stop reading either way; the server notices the closed stream and stops only the stream.
    reader.cancel().catch(() => {});
  }
}

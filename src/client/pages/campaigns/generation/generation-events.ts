import type { GenerationEvent } from '../../../../contract/campaigns';
import type { SseMessage } from './sse-parser';

/**
 * A server-sent event of the generation stream as a typed `GenerationEvent`; null for anything
 * else (unknown names, broken JSON), which a newer server might send and this client can skip.
 */
export function toGenerationEvent(message: SseMessage): GenerationEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const fields = data as Record<string, unknown>;
  const num = (key: string) => (typeof fields[key] === 'number' ? (fields[key] as number) : 0);
  switch (message.event) {
    case 'progress':
      return {
        event: 'progress',
        data: {
          progress: Math.min(100, Math.max(0, num('progress'))),
          processed: num('processed'),
          total: num('total'),
          currentRecipient: typeof fields.currentRecipient === 'string' ? fields.currentRecipient : null,
        },
      };
    case 'complete':
      return {
        event: 'complete',
        data: { processed: num('processed'), total: num('total'), failed: num('failed') },
      };
    case 'error':
      return {
        event: 'error',
        data: { message: typeof fields.message === 'string' ? fields.message : 'Email generation failed' },
      };
    default:
      return null;
  }
}

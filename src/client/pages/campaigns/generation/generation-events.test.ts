import { describe, expect, it } from 'vitest';
import { toGenerationEvent } from './generation-events';

describe('toGenerationEvent', () => {
  it('reads progress, complete and error events', () => {
    expect(
      toGenerationEvent({
        event: 'progress',
        data: '{"progress":40,"processed":12,"total":30,"currentRecipient":"a@example.com"}',
      }),
    ).toEqual({
      event: 'progress',
      data: { progress: 40, processed: 12, total: 30, currentRecipient: 'a@example.com' },
    });
    expect(toGenerationEvent({ event: 'complete', data: '{"processed":30,"total":30,"failed":2}' })).toEqual({
      event: 'complete',
      data: { processed: 30, total: 30, failed: 2 },
    });
    expect(toGenerationEvent({ event: 'error', data: '{"message":"No AI provider configured"}' })).toEqual({
      event: 'error',
      data: { message: 'No AI provider configured' },
    });
  });

  it('fills in missing fields and keeps progress within 0–100', () => {
    expect(toGenerationEvent({ event: 'progress', data: '{"progress":140}' })).toEqual({
      event: 'progress',
      data: { progress: 100, processed: 0, total: 0, currentRecipient: null },
    });
    expect(toGenerationEvent({ event: 'error', data: '{}' })).toEqual({
      event: 'error',
      data: { message: 'Email generation failed' },
    });
  });

  it('skips unknown events and data that is not a JSON object', () => {
    expect(toGenerationEvent({ event: 'message', data: '{}' })).toBeNull();
    expect(toGenerationEvent({ event: 'progress', data: 'not json' })).toBeNull();
    expect(toGenerationEvent({ event: 'complete', data: '3' })).toBeNull();
  });
});

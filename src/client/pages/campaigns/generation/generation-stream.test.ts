import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GenerationEvent } from '../../../../contract/campaigns';
import { ApiError } from '../../../api';
import { followGeneration, NO_RESPONSE_BODY } from './generation-stream';

function streamOf(chunks: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('followGeneration', () => {
  it('posts to the campaign and passes on events up to the final one', async () => {
    const fetchMock = stubFetch(
      new Response(
        streamOf([
          'event: progress\ndata: {"progress":50,"processed":1,"total":2,"currentRecipient":"a@x.io"}\n',
          '\n: keep-alive\n\nevent: complete\ndata: {"processed":2,"total":2,"failed":0}\n\n',
          'event: progress\ndata: {"progress":1}\n\n',
        ]),
        { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
      ),
    );
    const events: GenerationEvent[] = [];
    expect(await followGeneration(7, (event) => events.push(event))).toBe(true);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/campaigns/7/generate-emails');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(events.map((event) => event.event)).toEqual(['progress', 'complete']);
  });

  it('reports a stream that ends before the final event', async () => {
    stubFetch(new Response(streamOf(['event: progress\ndata: {"progress":5}\n\n']), { status: 200 }));
    const events: GenerationEvent[] = [];
    expect(await followGeneration(1, (event) => events.push(event))).toBe(false);
    expect(events).toHaveLength(1);
  });

  it("throws the server's validation error for a non-OK answer", async () => {
    stubFetch(
      new Response(JSON.stringify({ message: 'Upload CSV recipients first' }), {
        status: 400,
        statusText: 'Bad Request',
      }),
    );
    const error = await followGeneration(1, () => {}).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: Upload CSV recipients first');
  });

  it('throws when there is no body to read', async () => {
    stubFetch(new Response(null, { status: 200 }));
    await expect(followGeneration(1, () => {})).rejects.toThrow(NO_RESPONSE_BODY);
  });
});

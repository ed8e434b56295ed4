import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../contract/api';
import { ApiError, apiFetch, call, errorDetail, keyOf, NETWORK_RETRY_DELAYS_MS } from './api';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call errors', () => {
  it("uses the JSON body's message", async () => {
    stubFetch(
      new Response(JSON.stringify({ error: 'not_found', message: 'Template not found' }), {
        status: 404,
        statusText: 'Not Found',
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const error = await failure(
      call(api.templates.update, { params: { id: 9 }, body: { name: 'x', type: 'template' } }),
    );
    expect(error.message).toBe('404: Template not found');
    expect(error.status).toBe(404);
  });

  it('uses the raw body text when the body is not JSON with a message', async () => {
    stubFetch(new Response('Upstream exploded', { status: 502, statusText: 'Bad Gateway' }));
    expect((await failure(call(api.templates.list))).message).toBe('502: Upstream exploded');

    stubFetch(new Response('{"error":"conflict"}', { status: 409, statusText: 'Conflict' }));
    expect((await failure(call(api.templates.list))).message).toBe('409: {"error":"conflict"}');
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(new Response(null, { status: 401, statusText: 'Unauthorized' }));
    const error = await failure(call(api.auth.user));
    expect(error.message).toBe('401: Unauthorized');
    expect(error.status).toBe(401);
  });
});

describe('call requests', () => {
  it("sends credentials and the entry's method to its path", async () => {
    const fetchMock = stubFetch(new Response('[]', { status: 200 }));
    expect(await call(api.campaigns.list)).toEqual([]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/campaigns');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
  });

  it('sends plain bodies as JSON', async () => {
    const fetchMock = stubFetch(new Response('{"ok":true}', { status: 200 }));
    await call(api.auth.timeZone, { body: { timeZone: 'Europe/Paris' } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"timeZone":"Europe/Paris"}');
    // A POST that changes something carries an Idempotency-Key of its own.
    expect(init?.headers).toEqual({
      'Content-Type': 'application/json',
      'idempotency-key': expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(init?.credentials).toBe('include');
  });

  it('sends form data as is, letting the browser set the content type', async () => {
    const fetchMock = stubFetch(new Response('', { status: 200 }));
    const form = new FormData();
    form.append('columnMapping', '{}');
    expect((await apiFetch('/api/campaigns/1/upload-csv', { method: 'POST', body: form })).ok).toBe(true);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).toBeUndefined();
  });
});

describe('call paths and replies', () => {
  it('fills the path params and adds the query', async () => {
    const counts = {
      approved: 0,
      firstToSend: 0,
      followUpsToStart: 0,
      needsAttention: 0,
      byKind: { ungrounded: 0, duplicate: 0, personalisation: 0, deliverability: 0, length: 0 },
      withoutFindings: 0,
      unchecked: 0,
      approvedWithDismissed: 0,
    };
    const page = { items: [], total: 0, limit: 10, offset: 20, counts };
    const fetchMock = stubFetch(new Response(JSON.stringify(page), { status: 200 }));
    await call(api.campaigns.emails, { params: { id: 7 }, query: { limit: 10, offset: 20 } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/campaigns/7/emails?limit=10&offset=20');
  });

  it('refuses, in tests, a reply that does not match the contract', async () => {
    stubFetch(new Response(JSON.stringify({ sentTo: 42 }), { status: 200 }));
    await expect(call(api.emails.test, { params: { id: 1 } })).rejects.toThrow(/sentTo/);
  });

  it('keys a query by its path, so a shorter path is a prefix of the longer ones', () => {
    expect(keyOf(api.campaigns.list)).toEqual(['api', 'campaigns']);
    expect(keyOf(api.campaigns.emails, { params: { id: 5 }, query: { limit: 50 } })).toEqual([
      'api',
      'campaigns',
      '5',
      'emails',
      { limit: 50 },
    ]);
  });
});

describe('errorDetail', () => {
  it("gives the server's text without the status", () => {
    expect(errorDetail(new ApiError(503, '503: No AI provider configured. Set AI_PROVIDER'), 'x')).toBe(
      'No AI provider configured. Set AI_PROVIDER',
    );
    expect(errorDetail(new ApiError(400, '400: Bad: really: bad'), 'x')).toBe('Bad: really: bad');
  });

  it('falls back when there is no server text', () => {
    expect(errorDetail(new ApiError(500, '500: '), 'Failed to generate template')).toBe(
      'Failed to generate template',
    );
    expect(errorDetail(new TypeError('Failed to fetch'), 'Failed to generate prompt')).toBe(
      'Failed to generate prompt',
    );
    expect(errorDetail(undefined, 'Unknown error')).toBe('Unknown error');
  });
});

describe('calls that create, change or send', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));
  const keyOfCall = (init?: RequestInit) =>
    (init?.headers as Record<string, string> | undefined)?.['idempotency-key'];

  it('are sent again with the same Idempotency-Key when the network lost the answer', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn<(url: string, init?: RequestInit) => Promise<Response>>()
      .mockImplementationOnce(networkDown)
      .mockImplementationOnce(networkDown)
      .mockResolvedValueOnce(new Response('{"unscheduled":2}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const result = call(api.emails.unscheduleMany, { body: { ids: [1, 2] } });
    await vi.advanceTimersByTimeAsync(NETWORK_RETRY_DELAYS_MS[0]!);
    await vi.advanceTimersByTimeAsync(NETWORK_RETRY_DELAYS_MS[1]!);
    expect(await result).toEqual({ unscheduled: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const keys = fetchMock.mock.calls.map(([, init]) => keyOfCall(init));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);

    // The next call is another request: a key of its own.
    fetchMock.mockResolvedValueOnce(new Response('{"unscheduled":0}', { status: 200 }));
    await call(api.emails.unscheduleMany, { body: { ids: [3] } });
    expect(keyOfCall(fetchMock.mock.calls[3]?.[1])).not.toBe(keys[0]);
  });

  it('give up after the last retry, and never retry an HTTP error', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(networkDown);
    vi.stubGlobal('fetch', fetchMock);
    const result = call(api.emails.unscheduleMany, { body: { ids: [1] } }).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await result).toBeInstanceOf(TypeError);
    expect(fetchMock).toHaveBeenCalledTimes(NETWORK_RETRY_DELAYS_MS.length + 1);

    const refused = stubFetch(new Response('{"message":"Conflict"}', { status: 409 }));
    expect((await failure(call(api.emails.unscheduleMany, { body: { ids: [1] } }))).status).toBe(409);
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('leave calls without a key alone: a read or a PUT fails at once, with no key', async () => {
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(networkDown);
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(api.campaigns.list)).rejects.toBeInstanceOf(TypeError);
    await expect(
      call(api.templates.update, { params: { id: 9 }, body: { name: 'x', type: 'template' } }),
    ).rejects.toBeInstanceOf(TypeError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls.map(([, init]) => keyOfCall(init))).toEqual([undefined, undefined]);
  });
});

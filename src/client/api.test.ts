import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../contract/api';
import { ApiError, apiFetch, call, errorDetail, keyOf } from './api';

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
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
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

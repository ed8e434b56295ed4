import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MailOutcomeUnknownError, MailRetryableError } from './mail-errors';
import { IDLE_CONNECTION_MS, providerCall } from './provider-call';

/** How a request that got no answer is classed: could the provider have acted on it? */
describe('providerCall without an answer', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = undefined;
  });

  /** A server that reads each request whole, then does `then` instead of answering. */
  async function serverThat(then: 'reset' | 'stay-silent') {
    server = createServer((req) => {
      req.resume();
      req.on('end', () => {
        if (then === 'reset') req.socket.destroy();
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const token = async () => 'token';
  const send = { method: 'POST' as const, headers: { 'content-type': 'text/plain' }, body: 'message' };

  it('a refused connection cannot have delivered anything: retryable', async () => {
    const base = await serverThat('reset');
    server!.close();
    await once(server!, 'close');
    server = undefined;
    const call = providerCall('Gmail', base, token, 2_000);
    await expect(call('messages/send', send)).rejects.toBeInstanceOf(MailRetryableError);
  });

  it('a reset after the whole request was sent: the outcome of a send is unknown', async () => {
    const call = providerCall('Gmail', await serverThat('reset'), token, 2_000);
    const error = await call('messages/send', send).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailOutcomeUnknownError);
    expect((error as Error).message).toMatch(/^The connection to Gmail broke after the message was sent/);
  });

  it('silence past the timeout after the whole request: unknown for a send, retryable for a lookup', async () => {
    const call = providerCall('Microsoft Graph', await serverThat('stay-silent'), token, 200);
    await expect(call('sendMail', send)).rejects.toBeInstanceOf(MailOutcomeUnknownError);
    await expect(call('messages', { method: 'GET' })).rejects.toBeInstanceOf(MailRetryableError);
  });

  it('a connection idle past its limit is closed by the app, before a server can close it under a send', async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end('{}'));
    });
    // The server would keep it for a minute and announces nothing: only the app's limit closes it.
    server.keepAliveTimeout = 60_000;
    const closed: number[] = [];
    server.on('connection', (socket) => socket.on('close', () => closed.push(Date.now())));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const call = providerCall('Gmail', base, token, 2_000);
    const answered = Date.now();
    expect((await call('messages/send', send)).status).toBe(200);
    // Kept for the next request at first, then closed once idle past the limit.
    expect(closed).toHaveLength(0);
    await vi.waitFor(() => expect(closed).toHaveLength(1), {
      timeout: IDLE_CONNECTION_MS + 3_000,
      interval: 50,
    });
    expect(closed[0]! - answered).toBeGreaterThanOrEqual(IDLE_CONNECTION_MS - 100);
  });

  it('an answer is passed on as a Response, whatever its status', async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(429, { 'retry-after': '3' }).end('{"error":"slow down"}'));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const call = providerCall(
      'Gmail',
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token,
      2_000,
    );
    const res = await call('messages/send', send);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(await res.json()).toEqual({ error: 'slow down' });
  });
});

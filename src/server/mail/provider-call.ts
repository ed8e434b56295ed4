import http from 'node:http';
import https from 'node:https';
import { MailOutcomeUnknownError, MailRetryableError } from './mail-errors';

export type ProviderRequest = { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };

/** A request that failed without an HTTP answer, and whether its whole body had been sent by then. */
export class NoAnswerError extends Error {
  override name = 'NoAnswerError';
  constructor(
    message: string,
    readonly bodySent: boolean,
  ) {
    super(message);
  }
}

/**
 * How long a connection may sit idle and still carry the next request. A server closes idle
 * connections when it likes, and a message sent on one it is closing at that moment is reset
 * after its body left: an unknown outcome, settled only after the sending lease. Back-to-back
 * sends keep one connection warm; one after a pause opens a new connection instead.
 */
export const IDLE_CONNECTION_MS = 2_000;

const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
};

/**
 * One HTTP request through node:http(s) rather than fetch, because exactly-once sending needs to
 * know how far a failed request got: a failure before the body was fully written (DNS, refused
 * connection, TLS handshake) cannot have delivered anything, one after it may have.
 */
export function httpRequest(url: URL, req: ProviderRequest, timeoutMs: number): Promise<Response> {
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  const headers = { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
  const lib = url.protocol === 'https:' ? https : http;
  const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
  return new Promise((resolve, reject) => {
    let bodySent = false;
    const request = lib.request(url, { method: req.method, headers, agent });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      reject(new NoAnswerError(err.message || String(err), bodySent));
    };
    request.on('finish', () => {
      bodySent = true;
    });
    request.on('error', fail);
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      // A reply cut off mid-body is no complete answer: treat it like no answer at all.
      res.on('aborted', () => fail(new Error('the answer was cut off')));
      res.on('end', () => {
        clearTimeout(timer);
        const status = res.statusCode ?? 0;
        const hasBody = status !== 204 && status !== 304 && status >= 200;
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        resolve(
          new Response(hasBody ? Buffer.concat(chunks) : null, {
            status,
            statusText: res.statusMessage,
            headers: responseHeaders,
          }),
        );
      });
    });
    request.end(body);
  });
}

/**
 * A caller for a provider's REST API under `base`, authorised with the mailbox's bearer token:
 * on a 401 it asks for a refreshed token and tries once more. A request that got no answer is
 * retryable when it cannot have changed anything (a lookup, or a send whose body never left);
 * a send whose body was written has an unknown outcome.
 */
export function providerCall(
  provider: string,
  base: string,
  token: (refresh: boolean) => Promise<string>,
  timeoutMs: number,
) {
  return async (path: string, req: ProviderRequest) => {
    try {
      return await withFreshToken(token, (accessToken) =>
        httpRequest(
          new URL(`${base}/${path}`),
          { ...req, headers: { ...req.headers, authorization: `Bearer ${accessToken}` } },
          timeoutMs,
        ),
      );
    } catch (err) {
      if (!(err instanceof NoAnswerError)) throw err;
      if (req.method === 'POST' && err.bodySent) {
        throw new MailOutcomeUnknownError(
          `The connection to ${provider} broke after the message was sent, before it answered (${err.message})`,
        );
      }
      throw new MailRetryableError(`Could not reach ${provider}: ${err.message}`);
    }
  };
}

/** Calls once; on a 401 asks for a refreshed token and calls again. */
export async function withFreshToken(
  token: (refresh: boolean) => Promise<string>,
  call: (token: string) => Promise<Response>,
): Promise<Response> {
  const first = await call(await token(false));
  if (first.status !== 401) return first;
  await first.body?.cancel();
  return await call(await token(true));
}

import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { type AddressGuard, BlockedAddressError } from '../../lib/address-guard';
import { retryAfterMs } from '../../mail/mail-errors';

/** What one POST came to: the status (null when no answer came), and what the log keeps of it. */
export type PostOutcome = {
  status: number | null;
  error: string | null;
  responseExcerpt: string;
  /** Seconds a 429/502/504 answer asked us to wait (Retry-After), when it said. */
  retryAfterSeconds: number | null;
  durationMs: number;
};

const EXCERPT_CHARS = 500;
/** Read no more of an answer than this: the log keeps an excerpt, and a receiver may answer forever. */
const MAX_ANSWER_BYTES = 64 * 1024;

export type Poster = {
  post(url: string, headers: Record<string, string>, body: string): Promise<PostOutcome>;
  close(): void;
};

/**
 * POSTs with keep-alive connections per process, every address checked by the guard (also an
 * IP written in the URL, which skips the lookup), a timeout over the whole exchange, and no
 * redirects followed (a 3xx is a failed attempt: a redirect could point anywhere).
 */
export function createPoster(guard: AddressGuard, timeoutMs: number, maxSockets: number): Poster {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets }),
    'https:': new https.Agent({ keepAlive: true, maxSockets }),
  };
  // Parsed (and an address in it checked) once per URL, not once per delivery.
  const targets = new Map<string, Target | string>();
  const targetOf = (url: string) => {
    let target = targets.get(url);
    if (target === undefined) {
      if (targets.size > 1000) targets.clear();
      target = parseTarget(url, guard, agents);
      targets.set(url, target);
    }
    return target;
  };
  return {
    post(url, headers, body) {
      const started = performance.now();
      const took = () => Math.round(performance.now() - started);
      return new Promise<PostOutcome>((resolve) => {
        const failed = (error: string) =>
          resolve({ status: null, error, responseExcerpt: '', retryAfterSeconds: null, durationMs: took() });
        const target = targetOf(url);
        if (typeof target === 'string') return failed(target);
        const request = target.module.request({
          ...target.options,
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        });
        // Over the whole exchange (an idle timeout would let a slow trickle run forever). A plain
        // timer: an AbortSignal per request costs several times more at thousands a second.
        const timer = setTimeout(() => request.destroy(new TimeoutError()), timeoutMs);
        request.on('close', () => clearTimeout(timer));
        request.on('error', (err) => failed(describe(err, timeoutMs)));
        request.on('response', (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
            size += chunk.length;
          });
          response.on('error', (err) => failed(describe(err, timeoutMs)));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            resolve({
              status,
              error: null,
              responseExcerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS),
              retryAfterSeconds: [429, 502, 503, 504].includes(status)
                ? secondsOf(retryAfterMs(response.headers['retry-after'] ?? null))
                : null,
              durationMs: took(),
            });
          });
        });
        request.end(body);
      });
    },
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

class TimeoutError extends Error {
  override name = 'TimeoutError';
}

type Target = { module: typeof http | typeof https; options: http.RequestOptions };

/** Where to POST, or why not: only http(s), and an address written in the URL must be reachable. */
function parseTarget(url: string, guard: AddressGuard, agents: Record<string, http.Agent>): Target | string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'the URL is not valid';
  }
  const agent = agents[parsed.protocol];
  if (!agent) return 'only http and https URLs are delivered to';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const literal = net.isIP(host) !== 0;
  const barred = literal ? guard.refusal(host) : null;
  if (barred) return barred;
  return {
    module: parsed.protocol === 'https:' ? https : http,
    options: {
      protocol: parsed.protocol,
      hostname: host,
      port: parsed.port || undefined,
      path: `${parsed.pathname}${parsed.search}`,
      agent,
      // An address in the URL was checked above; a name is checked each time it resolves.
      ...(literal ? {} : { lookup: guard.lookup }),
    },
  };
}

function describe(err: Error & { code?: string }, timeoutMs: number): string {
  if (err instanceof BlockedAddressError) return err.message;
  if (err instanceof TimeoutError) return `no answer within ${Math.round(timeoutMs / 1000)} s`;
  if (err.code === 'ECONNRESET') return 'the connection was reset before an answer came';
  if (err.code === 'ECONNREFUSED') return 'the connection was refused';
  if (err.code === 'ENOTFOUND') return 'the host name does not resolve';
  return err.code ? `${err.code}: ${err.message}` : err.message;
}

const secondsOf = (ms: number | null) => (ms === null ? null : Math.ceil(ms / 1000));

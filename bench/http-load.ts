import http from 'node:http';
import autocannon from 'autocannon';

export type LoadFigures = {
  requestsPerSecond: number;
  p95: number;
  p99: number;
  errors: number;
};

/**
 * `connections` keep-alive connections hammering one endpoint for `seconds`; percentiles come
 * from every response's own latency. `nextPath` picks each request's path (e.g. a random pixel
 * token); cookie, when given, signs the requests in.
 */
export async function httpLoad(opts: {
  base: string;
  path: string | (() => string);
  connections: number;
  seconds: number;
  cookie?: string;
}): Promise<LoadFigures> {
  const latencies: number[] = [];
  const { path } = opts;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${opts.base}${typeof path === 'string' ? path : path()}`,
        connections: opts.connections,
        duration: opts.seconds,
        headers: opts.cookie ? { cookie: opts.cookie } : {},
        ...(typeof path === 'function' && {
          requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
        }),
      },
      (err, done) => (err ? reject(err) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requestsPerSecond: result.requests.average,
    p95: at(0.95),
    p99: at(0.99),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * One signed-in user's connection and the pages it reads, in order, over and over; `headers` go
 * with every request (e.g. the workspace the pages are read in).
 */
export type Session = {
  cookie: string;
  headers?: Record<string, string>;
  paths: { name: string; path: string }[];
};

/**
 * Each session on a keep-alive connection of its own, requesting its paths one after another for
 * `seconds`, all sessions at once: many users each going through their pages, as users do (no two
 * requests alike, so no answer can be shared). Figures per path name, from every response's latency.
 * `staggered`: session n starts at its n-th path, so the first round is already a mix of pages
 * rather than every session asking for the first page at the same moment. `thinkMs`: after each
 * page a session waits half to one and a half times this long, as a person reads what came back
 * (and its first page comes at a random moment within that long);
 * without it every session asks again at once, and latency measures the queue of a saturated
 * server rather than the endpoint.
 */
export async function sessionsLoad(opts: {
  base: string;
  sessions: Session[];
  seconds: number;
  staggered?: boolean;
  thinkMs?: number;
}): Promise<Map<string, LoadFigures>> {
  const latencies = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const until = performance.now() + opts.seconds * 1000;
  await Promise.all(
    opts.sessions.map(async (session, n) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      // Reading sessions arrive over one reading time, as people do, not all in the same instant.
      if (opts.thinkMs) await new Promise((r) => setTimeout(r, Math.random() * opts.thinkMs!));
      try {
        for (let i = opts.staggered ? n : 0; performance.now() < until; i++) {
          const { name, path } = session.paths[i % session.paths.length]!;
          const started = performance.now();
          const headers = { ...session.headers, cookie: session.cookie };
          const status = await get(`${opts.base}${path}`, headers, agent);
          const list = latencies.get(name) ?? [];
          list.push(performance.now() - started);
          latencies.set(name, list);
          if (status !== 200) errors.set(name, (errors.get(name) ?? 0) + 1);
          if (opts.thinkMs) await new Promise((r) => setTimeout(r, opts.thinkMs! * (0.5 + Math.random())));
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  const figures = new Map<string, LoadFigures>();
  for (const [name, list] of latencies) {
    list.sort((a, b) => a - b);
    const at = (q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0;
    figures.set(name, {
      requestsPerSecond: list.length / opts.seconds,
      p95: at(0.95),
      p99: at(0.99),
      errors: errors.get(name) ?? 0,
    });
  }
  return figures;
}

/** A GET read to its end; resolves with the status (0 when the connection failed). */
function get(url: string, headers: Record<string, string>, agent: http.Agent): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
  });
}

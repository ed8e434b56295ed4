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

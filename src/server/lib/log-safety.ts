import pino, { type LoggerOptions } from 'pino';

export const REDACTED = '[Redacted]';

/** Fields that hold credentials, wherever they sit in a logged object (up to two levels down). */
const SECRET_FIELDS = [
  'accessToken',
  'refreshToken',
  'idToken',
  'access_token',
  'refresh_token',
  'id_token',
  'accessTokenEnc',
  'refreshTokenEnc',
  'codeVerifier',
  'code_verifier',
  'verifier',
  'password',
  'apiKey',
  'api_key',
  'clientSecret',
  'client_secret',
  'secretKey',
  'cookie',
  'authorization',
  '["set-cookie"]',
];

/** Email content: people's messages never belong in operational logs. */
const BODY_FIELDS = ['html', 'text', 'body', 'raw', 'rawMessage'];

const anyDepth = (field: string) => {
  const sep = field.startsWith('[') ? '' : '.';
  return [field, `*${sep}${field}`, `*.*${sep}${field}`];
};

/** Paths pino replaces with "[Redacted]" before a line is written. */
export const REDACT_PATHS = [
  ...[...SECRET_FIELDS, ...BODY_FIELDS].flatMap(anyDepth),
  // An OAuth authorisation code is a credential, but "code" elsewhere (err.code) is a diagnosis.
  'code',
  'query.code',
  'query.state',
];

/** Query parameters whose values are credentials (OIDC callback, tokens in links). */
const SECRET_PARAMS = new Set([
  'code',
  'state',
  'session_state',
  'id_token',
  'access_token',
  'refresh_token',
  'code_verifier',
  'token',
  'password',
  'key',
]);

/** Public paths whose last segment is an unguessable per-email token (open pixel, unsubscribe). */
const TOKEN_PATHS = [/^(\/t\/o\/)[^/?]+(\.gif)$/, /^(\/u\/)[^/?]+()$/];

/**
 * A request URL fit for the log: credential query values and per-email tokens in tracking and
 * unsubscribe paths are replaced, so the OIDC callback's `code` and `state` never reach a log.
 */
export function safeUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of TOKEN_PATHS) path = path.replace(pattern, `$1${REDACTED}$2`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      return SECRET_PARAMS.has(decodeName(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    });
  return `${path}?${query.join('&')}`;
}

function decodeName(name: string) {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/**
 * pino settings for every process: Fastify's request serializer minus secrets in the URL, and
 * an error serializer that drops SQL parameters (Drizzle puts them in its error messages, and
 * they can hold email bodies or sealed tokens).
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: { pid: process.pid },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (req: LoggedRequest) =>
        typeof req?.url !== 'string'
          ? req
          : {
              method: req.method,
              url: safeUrl(req.url),
              host: req.host,
              remoteAddress: req.ip,
              remotePort: req.socket?.remotePort,
            },
      err: safeError,
    },
  };
}

function safeError(err: unknown) {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== 'object') return out;
  const leaked: string[] = [];
  let e: unknown = err;
  for (let depth = 0; depth < 10 && e && typeof e === 'object'; depth++) {
    const params = (e as { params?: unknown }).params;
    if (Array.isArray(params) && params.length) leaked.push(String(params));
    e = (e as { cause?: unknown }).cause;
  }
  if (!leaked.length) return out;
  for (const key of ['message', 'stack'] as const) {
    const text = out[key];
    if (typeof text === 'string') out[key] = leaked.reduce((t, value) => t.split(value).join(REDACTED), text);
  }
  if ('params' in out) out.params = REDACTED;
  return out;
}

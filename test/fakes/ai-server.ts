import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fillFromSender, senderOfPrompt } from './sender-echo';

/**
 * Fake OpenAI-compatible API (chat completions and image generation) for tests. Replies are deterministic echoes of
 * the last user message so tests can see what reached the model; failures and latency are switchable at runtime.
 */

// biome-ignore lint/suspicious/noExplicitAny: request bodies are arbitrary JSON that tests index into freely.
type Json = any;

export type FakeAiFailure =
  | { kind: 'status'; status: number; retryAfterSeconds?: number; retryAfterMs?: number; body?: string }
  | { kind: 'malformed' }
  | { kind: 'timeout' }
  | { kind: 'bad-json-content' };

export type FakeAiRequest = {
  path: string;
  body: Json;
  headers: Record<string, string | string[] | undefined>;
};
export type FakeAiReply = (request: FakeAiRequest) => string | object | undefined;

export type FakeAi = {
  /** Base URL to give the SDK, e.g. http://127.0.0.1:4402/v1. */
  url: string;
  port: number;
  /** The app's settings that point its AI provider (text and images) at this fake. */
  env: Record<string, string>;
  /** Every API request received, in order (control endpoints excluded). */
  requests: FakeAiRequest[];
  setLatency(ms: number): void;
  failNext(count: number, failure: FakeAiFailure): void;
  failAll(failure: FakeAiFailure | null): void;
  /** Answers each request with `fn` (instruction-following-model.ts has one that obeys injected orders). */
  setReply(fn: FakeAiReply | null): void;
  stats(): { total: number; inFlight: number; maxConcurrent: number };
  reset(): void;
  close(): Promise<void>;
};

type JsonSchema = { [key: string]: unknown };

// Used for `json_object` requests, which carry no schema: covers every shape the app asks for, and zod
// object schemas strip the keys they don't declare.
const TEXT = { type: 'string' };
const LIST = { type: 'array' };
const GENERIC_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    subject: TEXT,
    body: TEXT,
    aiInstructions: TEXT,
    mapping: { type: 'object' },
    elements: LIST,
  },
};
const FORMATS: Record<string, string> = { email: 'echo@example.test', uri: 'https://example.test/echo' };
const ROUTES: Record<string, 'chat' | 'images'> = {
  'POST /v1/chat/completions': 'chat',
  'POST /v1/images/generations': 'images',
};

// A valid 1x1 PNG.
const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const ERROR_TYPES: Record<number, [type: string, code: string]> = {
  400: ['invalid_request_error', 'invalid_request'],
  401: ['invalid_request_error', 'invalid_api_key'],
  403: ['permission_error', 'forbidden'],
  404: ['invalid_request_error', 'not_found'],
  429: ['requests', 'rate_limit_exceeded'],
};

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** Text of the last user message; the SDK sends a lone text part as a string, anything richer as parts. */
export function lastUserMessage(body: Json): string {
  const messages: Json[] = Array.isArray(body?.messages) ? body.messages : [];
  const content = messages.filter((message) => message?.role === 'user').at(-1)?.content;
  if (!Array.isArray(content)) return typeof content === 'string' ? content : '';
  return content.flatMap((part) => (part?.type === 'text' ? [String(part.text)] : [])).join('\n');
}

/** The system prompt of a chat request (the SDK sends it as the first message). */
export function systemMessage(body: Json): string {
  const messages: Json[] = Array.isArray(body?.messages) ? body.messages : [];
  const content = messages.find((message) => message?.role === 'system')?.content;
  return typeof content === 'string' ? content : '';
}

/** Whether a request is the draft checks' AI claim check rather than writing (src/server/ai/prompts/claims-prompts.ts). */
export const isClaimCheck = (request: FakeAiRequest) =>
  systemMessage(request.body).startsWith('You check an email draft');

function fillString(key: string | undefined, echo: string, schema: JsonSchema): string {
  let text = FORMATS[String(schema.format)] ?? `Echo: ${echo}`;
  if (key === 'subject') text = `Re: ${echo.slice(0, 60)}`;
  else if (key === 'body') text = `<p>${escapeHtml(echo)}</p>`;
  if (typeof schema.minLength === 'number') text = text.padEnd(schema.minLength, '.');
  if (typeof schema.maxLength === 'number') text = text.slice(0, schema.maxLength);
  return text;
}

function resolveRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  const parts = ref.slice(1).split('/').filter(Boolean);
  return parts.reduce<JsonSchema | undefined>((node, part) => node?.[part] as JsonSchema | undefined, root);
}

/** Builds a value that satisfies the JSON schema, with strings echoing the prompt. */
export function fillSchema(schema: JsonSchema, echo: string, key?: string, root = schema): unknown {
  const next = (child: unknown, name = key) => fillSchema((child ?? {}) as JsonSchema, echo, name, root);
  if (typeof schema.$ref === 'string') return next(resolveRef(root, schema.$ref));
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants)) return next(variants.find((v) => v.type !== 'null') ?? variants[0]);
  if (Array.isArray(schema.allOf)) return next(Object.assign({}, ...(schema.allOf as JsonSchema[])));
  const types: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : types[0]);
  switch (type) {
    case 'string':
      return fillString(key, echo, schema);
    case 'number':
    case 'integer':
      // 0 unless a lower bound forbids it (z.number().positive() becomes exclusiveMinimum: 0).
      return Math.max(0, Math.ceil(Number(schema.minimum ?? 0)), Number(schema.exclusiveMinimum ?? -1) + 1);
    case 'boolean':
      return false;
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: count }, () => next(schema.items));
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      // Optional properties are left out so only what the schema insists on is produced.
      const keys = Array.isArray(schema.required) ? (schema.required as string[]) : Object.keys(properties);
      return Object.fromEntries(keys.map((name) => [name, next(properties[name], name)]));
    }
    default:
      return null;
  }
}

/** The forced tool of a tool-mode structured request, if any. */
function forcedTool(body: Json): { name: string; parameters: JsonSchema } | undefined {
  const tools: Json[] = Array.isArray(body?.tools) ? body.tools : [];
  const choice = body?.tool_choice;
  const name = choice?.function?.name ?? (choice === 'required' ? tools[0]?.function?.name : undefined);
  const tool = tools.find((t) => t?.function?.name === name);
  return tool ? { name, parameters: tool.function.parameters ?? {} } : undefined;
}

/**
 * A reply per request from rules (`POST /__control/script`, for browser tests that cannot pass a
 * function): the first rule whose `system` starts the system prompt and whose `contains` is in the
 * last user message answers; no rule, the schema's echo. A rule with `fromSender` answers only a
 * prompt with a `<sender>` block, its reply's `{{sender.…}}` filled from it (sender-echo.ts).
 */
export type ScriptRule = { system?: string; contains?: string; fromSender?: boolean; reply: object | string };

function scriptedReply(rules: unknown): FakeAiReply | null {
  if (!Array.isArray(rules) || rules.length === 0) return null;
  const list = rules as ScriptRule[];
  return (request) => {
    const system = systemMessage(request.body);
    const user = lastUserMessage(request.body);
    const sender = senderOfPrompt(user);
    for (const rule of list) {
      if (rule.system !== undefined && !system.startsWith(rule.system)) continue;
      if (rule.contains !== undefined && !user.includes(rule.contains)) continue;
      if (!rule.fromSender) return rule.reply;
      const filled = sender && fillFromSender(rule.reply, sender);
      if (filled) return filled as object | string;
    }
    return undefined;
  };
}

export async function startFakeAi(opts: { port?: number; latencyMs?: number } = {}): Promise<FakeAi> {
  const requests: FakeAiRequest[] = [];
  const initial = { latencyMs: opts.latencyMs ?? 0, failNext: 0, failure: null, failAll: null, reply: null };
  let state: {
    latencyMs: number;
    failNext: number;
    failure: FakeAiFailure | null;
    failAll: FakeAiFailure | null;
    reply: FakeAiReply | null;
  } = { ...initial };
  let total = 0;
  let inFlight = 0;
  let maxConcurrent = 0;
  let sequence = 0;

  const sendJson = (res: ServerResponse, status: number, payload: unknown, headers = {}) => {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
  };
  const errorBody = (status: number, message: string) => {
    const [type, code] = ERROR_TYPES[status] ?? ['server_error', 'server_error'];
    return { error: { message, type, code, param: null } };
  };

  const takeFailure = (): FakeAiFailure | null => {
    if (state.failNext <= 0) return state.failAll;
    state.failNext--;
    return state.failure;
  };

  function chat(res: ServerResponse, request: FakeAiRequest, badContent: boolean) {
    const { body } = request;
    const echo = lastUserMessage(body);
    const format = body?.response_format?.type;
    const tool = forcedTool(body);
    const override = state.reply?.(request);
    let content: string;
    if (override !== undefined) content = typeof override === 'string' ? override : JSON.stringify(override);
    else if (tool) content = JSON.stringify(fillSchema(tool.parameters, echo));
    else if (format === 'json_schema')
      content = JSON.stringify(fillSchema(body.response_format.json_schema?.schema ?? {}, echo));
    else if (format === 'json_object') content = JSON.stringify(fillSchema(GENERIC_SCHEMA, echo));
    else content = `Echo: ${echo}`;
    // Cut mid-object so the envelope stays valid but the model's output can't be parsed.
    if (badContent) content = '{"subject": "unterminated';

    const id = `chatcmpl-fake-${++sequence}`;
    const created = Math.floor(Date.now() / 1000);
    const model = typeof body?.model === 'string' ? body.model : 'fake-model';
    // Roughly 4 characters a token, like real tokenizers on English text.
    const input = Math.ceil(JSON.stringify(body?.messages ?? []).length / 4);
    const output = Math.ceil(content.length / 4);
    const usage = { prompt_tokens: input, completion_tokens: output, total_tokens: input + output };
    const toolCall = tool && {
      id: `call_${sequence}`,
      type: 'function',
      function: { name: tool.name, arguments: content },
    };
    const finishReason = tool ? 'tool_calls' : 'stop';
    if (body?.stream !== true) {
      const message = toolCall
        ? { role: 'assistant', content: null, tool_calls: [toolCall] }
        : { role: 'assistant', content };
      const choice = { index: 0, message, finish_reason: finishReason, logprobs: null };
      sendJson(res, 200, { id, object: 'chat.completion', created, model, choices: [choice], usage });
      return;
    }
    const chunk = (choice: object | null, extra = {}) => {
      const choices = choice ? [{ index: 0, ...choice }] : [];
      return { id, object: 'chat.completion.chunk', created, model, choices, ...extra };
    };
    const chunks = [chunk({ delta: { role: 'assistant', content: '' } })];
    if (toolCall) chunks.push(chunk({ delta: { tool_calls: [{ index: 0, ...toolCall }] } }));
    for (let at = 0; !toolCall && at < content.length; at += 16) {
      chunks.push(chunk({ delta: { content: content.slice(at, at + 16) } }));
    }
    chunks.push(chunk({ delta: {}, finish_reason: finishReason }));
    // Sent even without stream_options.include_usage so every provider setting sees token counts.
    chunks.push(chunk(null, { usage }));
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.end(`${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`);
  }

  function images(res: ServerResponse, request: FakeAiRequest) {
    const { body } = request;
    const prompt = typeof body?.prompt === 'string' ? body.prompt : '';
    const count = Number.isInteger(body?.n) && body.n > 0 ? body.n : 1;
    const override = state.reply?.(request);
    const data = Array.from({ length: count }, (_, i) => {
      if (body?.response_format === 'b64_json') return { b64_json: TINY_PNG_BASE64, revised_prompt: prompt };
      const url = `https://images.example.test/${sha1(prompt)}${i ? `-${i}` : ''}.png`;
      return { url: typeof override === 'string' ? override : url, revised_prompt: prompt };
    });
    sendJson(res, 200, { created: Math.floor(Date.now() / 1000), data });
  }

  function control(res: ServerResponse, path: string, body: Json) {
    if (path === '/__control/fail-next') fake.failNext(Number(body?.count ?? 1), body?.failure);
    else if (path === '/__control/fail-all') fake.failAll(body?.failure ?? null);
    else if (path === '/__control/latency') fake.setLatency(Number(body?.ms ?? 0));
    else if (path === '/__control/reply') fake.setReply(body?.reply == null ? null : () => body.reply);
    else if (path === '/__control/script') fake.setReply(scriptedReply(body?.rules));
    else if (path === '/__control/reset') fake.reset();
    else if (path !== '/__control/requests') return sendJson(res, 404, errorBody(404, `No control ${path}`));
    sendJson(res, 200, { requests, stats: fake.stats() });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    let body: Json = raw;
    let validJson = raw === '';
    try {
      if (raw) body = JSON.parse(raw);
      validJson = true;
    } catch {}
    if (path.startsWith('/__control/')) return control(res, path, body);

    total++;
    inFlight++;
    maxConcurrent = Math.max(maxConcurrent, inFlight);
    res.once('close', () => inFlight--);
    const request: FakeAiRequest = { path, body, headers: req.headers };
    requests.push(request);

    const route = ROUTES[`${req.method} ${path}`];
    if (!route) return sendJson(res, 404, errorBody(404, `Unknown route ${req.method} ${path}`));
    const failure = takeFailure();
    // A hanging request must not even wait for latency: it holds its socket until the client or close() gives up.
    if (failure?.kind === 'timeout') return;
    // A timer per request, so concurrent requests wait side by side rather than in turn.
    if (state.latencyMs > 0) await sleep(state.latencyMs);
    if (res.destroyed) return;
    if (failure?.kind === 'status') {
      const headers: Record<string, string> = {};
      if (failure.retryAfterSeconds !== undefined) headers['retry-after'] = String(failure.retryAfterSeconds);
      if (failure.retryAfterMs !== undefined) headers['retry-after-ms'] = String(failure.retryAfterMs);
      const payload =
        failure.body ?? JSON.stringify(errorBody(failure.status, `Fake AI failure ${failure.status}`));
      res.writeHead(failure.status, { 'content-type': 'application/json', ...headers }).end(payload);
      return;
    }
    if (failure?.kind === 'malformed') {
      const stream = body?.stream === true;
      res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' });
      res.end(stream ? 'data: {"id": oops\n\n' : '{"id": "chatcmpl-broken", "choices": [');
      return;
    }
    if (!validJson) return sendJson(res, 400, errorBody(400, 'Request body is not valid JSON'));
    if (route === 'images') return images(res, request);
    chat(res, request, failure?.kind === 'bad-json-content');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody(500, `Fake AI crashed: ${String(err)}`));
      else res.destroy();
    });
  });
  server.listen(opts.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  const fake: FakeAi = {
    url: `http://127.0.0.1:${port}/v1`,
    env: {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_MODEL: 'fake-model',
      AI_API_KEY: 'sk-test',
      AI_IMAGE_MODEL: 'fake-image',
    },
    port,
    requests,
    setLatency: (ms) => Object.assign(state, { latencyMs: Math.max(0, ms) }),
    failNext: (count, failure) => Object.assign(state, { failNext: count, failure }),
    failAll: (failure) => Object.assign(state, { failAll: failure }),
    setReply: (fn) => Object.assign(state, { reply: fn }),
    stats: () => ({ total, inFlight, maxConcurrent }),
    reset: () => {
      // Emptied in place so tests holding `fake.requests` keep seeing the live list.
      requests.length = 0;
      // Back to the start-up latency, so a CLI started with FAKE_AI_LATENCY_MS keeps it across Playwright resets.
      state = { ...initial };
      total = 0;
      maxConcurrent = inFlight;
    },
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Destroys hanging 'timeout' requests and idle keep-alive sockets, which would otherwise stall close.
      server.closeAllConnections();
      await closed;
    },
  };
  return fake;
}

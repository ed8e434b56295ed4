import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';

type Json = Record<string, unknown>;
type Operation = Json & { operationId: string; parameters?: Json[]; requestBody?: Json; responses: Json };

export type CallInput = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  /** A JSON body, or a FormData for a multipart operation. */
  body?: unknown;
};

export type CallResult = { status: number; contentType: string; body: unknown; text: string };

const DOCUMENT_ID = 'urn:tailor:openapi';
/** One segment of a JSON pointer (RFC 6901). */
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
// The package's CommonJS default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin }).default ??
  addFormatsPlugin) as typeof addFormatsPlugin;

/**
 * A client that knows the API only through the OpenAPI document the server serves: it finds each
 * operation by its operationId, fills the path parameters the document declares, sends only the
 * query parameters, headers and body the document allows, and checks every answer against the
 * document's schema for that status and media type (JSON Schema 2020-12). Anything the document
 * does not say the server does is an error here, so the document cannot drift from the server.
 */
export async function openApiClient(
  base: string,
  auth: { cookie: string; workspaceId?: number } | { token: string },
) {
  const res = await fetch(`${base}/api/openapi.json`);
  if (!res.ok) throw new Error(`the document: ${res.status}`);
  const doc = (await res.json()) as Json & { paths: Record<string, Record<string, Operation>> };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // The whole document under one id, so `#/components/...` references inside any schema resolve.
  ajv.addSchema(doc, DOCUMENT_ID);

  const operations = new Map<string, { method: string; path: string; op: Operation }>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) operations.set(op.operationId, { method, path, op });
  }
  const validators = new Map<string, ValidateFunction>();
  const validatorAt = (ref: string) => {
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}${ref}` });
      validators.set(ref, validate);
    }
    return validate;
  };
  const resolve = (node: Json): { node: Json; at: string | null } => {
    const ref = node.$ref;
    if (typeof ref !== 'string') return { node, at: null };
    const [, , kind, name] = ref.split('/');
    return { node: (doc.components as Record<string, Json>)[kind!]![name!] as Json, at: ref };
  };
  const find = (operationId: string) => {
    const found = operations.get(operationId);
    if (!found) throw new Error(`The document has no operation ${operationId}`);
    return found;
  };

  /** Throws unless `body` is what the document says `operationId` answers with this status and type. */
  function checkResponse(operationId: string, status: number, contentType: string, body: unknown) {
    const { method, path, op } = find(operationId);
    const key = String(status) in op.responses ? String(status) : `${String(status)[0]}XX`;
    const raw = op.responses[key] as Json | undefined;
    if (!raw) throw new Error(`${operationId} answered ${status}, which the document does not list`);
    const { node: response, at } = resolve(raw);
    const base = at ?? `#/paths/${pointer(path)}/${method}/responses/${key}`;
    const media = Object.keys((response.content ?? {}) as Json);
    const type = contentType.split(';')[0]!.trim();
    if (media.length === 0) {
      if (body !== '' && body !== undefined)
        throw new Error(`${operationId} ${status}: the document lists no body`);
      return;
    }
    if (!media.includes(type)) {
      throw new Error(`${operationId} ${status} answered ${type}; the document says ${media.join(', ')}`);
    }
    if (type !== 'application/json') return;
    const validate = validatorAt(`${base}/content/${pointer(type)}/schema`);
    if (!validate(body)) {
      throw new Error(
        `${operationId} ${status} does not fit the document: ${ajv.errorsText(validate.errors)}`,
      );
    }
  }

  async function call(operationId: string, input: CallInput = {}): Promise<CallResult> {
    const { method, path, op } = find(operationId);
    const declared = (op.parameters ?? []).map((p) => resolve(p).node);
    const named = (where: string) =>
      new Set(declared.filter((p) => p.in === where).map((p) => String(p.name)));
    const inPath = named('path');
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = input.params?.[name];
      if (!inPath.has(name) || value === undefined)
        throw new Error(`${operationId} needs the path parameter ${name}`);
      return encodeURIComponent(String(value));
    });
    const search = new URLSearchParams();
    const inQuery = named('query');
    for (const [name, value] of Object.entries(input.query ?? {})) {
      if (!inQuery.has(name)) throw new Error(`${operationId} has no query parameter ${name}`);
      search.set(name, String(value));
    }
    // A token works in its own workspace; a session names one in the header the document declares.
    const headers: Record<string, string> =
      'token' in auth ? { authorization: `Bearer ${auth.token}` } : { cookie: auth.cookie };
    if (
      'workspaceId' in auth &&
      auth.workspaceId !== undefined &&
      named('header').has('x-tailor-workspace')
    ) {
      headers['x-tailor-workspace'] = String(auth.workspaceId);
    }
    let body: BodyInit | undefined;
    if (input.body !== undefined) {
      const content = Object.keys(((op.requestBody as Json | undefined)?.content ?? {}) as Json);
      if (input.body instanceof FormData) {
        if (!content.includes('multipart/form-data')) throw new Error(`${operationId} takes no form`);
        body = input.body;
      } else {
        if (!content.includes('application/json')) throw new Error(`${operationId} takes no JSON body`);
        const validate = validatorAt(
          `#/paths/${pointer(path)}/${method}/requestBody/content/application~1json/schema`,
        );
        if (!validate(input.body)) {
          throw new Error(
            `${operationId}: the body does not fit the document: ${ajv.errorsText(validate.errors)}`,
          );
        }
        headers['content-type'] = 'application/json';
        body = JSON.stringify(input.body);
      }
    }
    const query = search.toString();
    const answer = await fetch(`${base}${url}${query ? `?${query}` : ''}`, {
      method: method.toUpperCase(),
      headers,
      body,
      redirect: 'manual',
    });
    const contentType = answer.headers.get('content-type') ?? '';
    const text = await answer.text();
    const parsed = contentType.startsWith('application/json') ? JSON.parse(text) : text;
    checkResponse(operationId, answer.status, contentType, parsed);
    return { status: answer.status, contentType, body: parsed, text };
  }

  return {
    document: doc,
    cookie: 'cookie' in auth ? auth.cookie : '',
    call,
    checkResponse,
    /** Calls, and fails unless the answer is a 2xx; returns the answer's body. */
    // biome-ignore lint/suspicious/noExplicitAny: replies are checked against the document, then read by the assertions.
    async ok<T = any>(operationId: string, input?: CallInput): Promise<T> {
      const result = await call(operationId, input);
      if (result.status >= 300) throw new Error(`${operationId}: ${result.status} ${result.text}`);
      return result.body as T;
    },
  };
}

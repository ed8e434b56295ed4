import fs from 'node:fs';
import path from 'node:path';
import { routeTakesTokens, scopeNeeded } from '../../contract/api-tokens';
import { errorBody } from '../../contract/errors';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_WINDOW_HOURS,
} from '../../contract/idempotency';
import { ROLES, WORKSPACE_HEADER } from '../../contract/workspaces';
import { ROOT_DIR } from '../config';
import { MULTIPART_BODIES, NON_JSON_ANSWERS } from './answers';
import { errorResponseComponents, errorResponsesOf, PROBLEM_DETAILS_SCHEMA } from './errors';
import { type JsonSchema, replySchemas, requestSchema } from './json-schema';
import { GENERAL_TAG, type RouteEntry, routeEntries } from './route-entries';
import { webhooksOf } from './webhooks';

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};
export type Operation = Record<string, unknown> & { operationId: string; tags: string[] };

const TAGS: Record<string, string> = {
  auth: 'Signing in and out, and the signed-in person',
  [GENERAL_TAG]: 'Configuration, health of the deployment and the dashboard',
  docs: 'This description of the API',
  settings: "The workspace's sender settings and sending figures",
  templates: 'Fixed and AI templates, and AI help with writing them',
  campaigns: 'Campaigns: recipients, generation, review, sending, results and follow-up sequences',
  emails: 'One email: editing, approving, sending, its preview and its events',
  mailbox: "The sync of the signed-in person's replies",
  inbox:
    "Every answer to the workspace's campaigns: read state, categories, who answers, and answering in the thread",
  workspaces: 'Workspaces, members, invitations and the audit trail',
  apiTokens: "The workspace's API tokens, managed with a session only",
  mailboxes: 'The mailboxes a workspace sends from',
  webhooks: "The workspace's webhook endpoints, their delivery logs and replays",
  analytics: 'Figures over all campaigns',
};

/** What the description says about who may call an operation. */
function accessText(access: RouteEntry['def']['access']): string {
  if (access === 'public') return 'Access: public, no session needed.';
  if (access === 'signed-in')
    return "Access: any signed-in person (their own account, not a workspace's data).";
  return (
    `Access: the role **${access}** or higher (${ROLES.join(' < ')}) in the workspace the ` +
    `\`${WORKSPACE_HEADER}\` header names.`
  );
}

/** What the description says about API tokens, and the security requirement that goes with it. */
function tokenAccessOf(def: RouteEntry['def']) {
  if (def.access === 'public') return { text: '', security: [] };
  if (!routeTakesTokens(def)) {
    return { text: ' API tokens: refused, a session only.', security: [{ cookieAuth: [] }] };
  }
  const scope = scopeNeeded(def);
  return {
    text: ` API tokens: with the **${scope}** scope.`,
    security: [{ cookieAuth: [] }, { bearerAuth: [scope] }],
    scope,
  };
}

const IDEMPOTENT_TEXT =
  ' Idempotent with an `Idempotency-Key` header: the same key again answers the first answer ' +
  '(with `Idempotent-Replayed: true`) and does not act twice.';

const REPLAYED_HEADER = {
  description: "`true` when this is the key's first answer, kept and sent again, not a new one",
  schema: { type: 'string', enum: ['true'] },
};

/** "campaigns.sendApproved" → "Send approved". */
function summaryOf(operationId: string): string {
  const last = operationId.split('.').at(-1)!;
  const words = last.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words[0]!.toUpperCase() + words.slice(1);
}

/** `params` or `query` as OpenAPI parameters, one per property. */
function parametersOf(where: 'path' | 'query', schema: JsonSchema): JsonSchema[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
    ...(typeof property.description === 'string' && { description: property.description }),
  }));
}

function operationOf(entry: RouteEntry, replySchema: (e: RouteEntry) => JsonSchema | null): Operation {
  const { operationId, tag, def } = entry;
  const parameters: unknown[] = [];
  if (def.params) parameters.push(...parametersOf('path', requestSchema(def.params)));
  if (def.query) parameters.push(...parametersOf('query', requestSchema(def.query)));
  if (def.access !== 'public' && def.access !== 'signed-in') {
    parameters.push({ $ref: '#/components/parameters/Workspace' });
  }
  if (def.idempotencyKey) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  const tokens = tokenAccessOf(def);
  const operation: Operation = {
    operationId,
    tags: [tag],
    summary: summaryOf(operationId),
    description: accessText(def.access) + tokens.text + (def.idempotencyKey ? IDEMPOTENT_TEXT : ''),
    'x-tailor-access': def.access,
    ...(tokens.scope && { 'x-tailor-token-scope': tokens.scope }),
    ...(parameters.length > 0 && { parameters }),
    security: tokens.security,
  };
  const multipart = MULTIPART_BODIES[operationId];
  if (multipart) {
    operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: multipart } } };
  } else if (def.body) {
    operation.requestBody = {
      required: !def.body.safeParse(undefined).success,
      content: { 'application/json': { schema: requestSchema(def.body) } },
    };
  }
  const json = replySchema(entry);
  const other = NON_JSON_ANSWERS[operationId];
  if (!json && !other) throw new Error(`${operationId} has no reply schema and no entry in NON_JSON_ANSWERS`);
  let success: Record<string, unknown>;
  if (json) {
    success = {
      '200': {
        description: 'OK',
        ...(def.idempotencyKey && { headers: { 'Idempotent-Replayed': REPLAYED_HEADER } }),
        content: { 'application/json': { schema: json } },
      },
    };
  } else {
    const { status, ...response } = other!;
    success = { [String(status)]: response };
  }
  operation.responses = { ...success, ...errorResponsesOf(entry) };
  return operation;
}

function packageVersion(): string {
  return JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')).version;
}

/** The OpenAPI 3.1 document of the whole API table, with the webhook events. */
export function buildOpenApiDocument(entries: RouteEntry[] = routeEntries()): OpenApiDocument {
  const replies = entries.flatMap((e) => (e.def.reply ? [e.def.reply] : []));
  const { schemaOf, components } = replySchemas([...replies, errorBody]);
  const webhooks = webhooksOf();
  const paths: OpenApiDocument['paths'] = {};
  for (const entry of entries) {
    const openApiPath = entry.def.path.replace(/:(\w+)/g, '{$1}');
    paths[openApiPath] ??= {};
    paths[openApiPath][entry.def.method.toLowerCase()] = operationOf(entry, (e) =>
      e.def.reply ? schemaOf(e.def.reply) : null,
    );
  }
  const usedTags = new Set(entries.map((e) => e.tag));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tailor API',
      version: packageVersion(),
      description:
        'Every call of the Tailor web app, generated from its route table. Errors answer ' +
        '`{ error, message }`, and RFC 9457 problem details (`application/problem+json`) to a ' +
        "call with an API token. Calls on a workspace's data work in the workspace the " +
        `\`${WORKSPACE_HEADER}\` header names (else the person's first workspace).`,
    },
    tags: Object.entries(TAGS)
      .filter(([name]) => usedTags.has(name))
      .map(([name, description]) => ({ name, description })),
    security: [{ cookieAuth: [] }, { bearerAuth: [] }],
    paths,
    webhooks: webhooks.webhooks,
    components: {
      schemas: { ...components, ...webhooks.schemas, ProblemDetails: PROBLEM_DETAILS_SCHEMA },
      responses: errorResponseComponents(),
      parameters: {
        Workspace: {
          name: WORKSPACE_HEADER,
          in: 'header',
          required: false,
          description:
            "The id of the workspace to work in; without it, the person's first workspace. " +
            'Also accepted as the `workspace` query parameter, for links.',
          schema: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Names this attempt of the request (a UUID, say), so that a retry does not act twice: for ' +
            `${IDEMPOTENCY_WINDOW_HOURS} hours the same key from the same caller on the same call answers ` +
            'the first answer again, 422 with another body, 409 while the first is still running ' +
            'past a short wait. A 5xx or 429 answer is not kept: the key is free again.',
          schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: IDEMPOTENCY_KEY_PATTERN },
        },
      },
      securitySchemes: {
        cookieAuth: {
          type: 'apiKey',
          in: 'cookie',
          name: 'tailor_session',
          description: 'The session cookie the browser gets at sign-in',
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API token of the workspace, as `Authorization: Bearer <token>`',
        },
      },
    },
  };
}

let built: OpenApiDocument | undefined;

/** The document, built on first use and kept: the table cannot change while the process runs. */
export function openApiDocument(): OpenApiDocument {
  built ??= buildOpenApiDocument();
  return built;
}

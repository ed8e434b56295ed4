import { z } from 'zod';
import * as analytics from '../../contract/analytics';
import * as auth from '../../contract/auth';
import * as campaigns from '../../contract/campaigns';
import * as conversations from '../../contract/conversations';
import * as dashboard from '../../contract/dashboard';
import * as emails from '../../contract/emails';
import * as errors from '../../contract/errors';
import * as mailboxes from '../../contract/mailboxes';
import * as publicConfig from '../../contract/public-config';
import * as sequences from '../../contract/sequences';
import * as settings from '../../contract/settings';
import * as templates from '../../contract/templates';
import * as workspaces from '../../contract/workspaces';

export type JsonSchema = Record<string, unknown>;

/** Where a component is referred to from anywhere in the document. */
export const componentRef = (name: string) => `#/components/schemas/${name}`;

/**
 * The contract's modules whose exported schemas become named components (`campaign` → `Campaign`),
 * so a reply that contains a campaign refers to one definition instead of repeating it.
 */
const NAMED_MODULES = [
  analytics,
  auth,
  campaigns,
  conversations,
  dashboard,
  emails,
  errors,
  mailboxes,
  publicConfig,
  sequences,
  settings,
  templates,
  workspaces,
];

/** Each exported zod schema of the modules above with its component name; the first name wins. */
export function namedSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  const taken = new Set<string>();
  for (const module of NAMED_MODULES) {
    for (const [exportName, value] of Object.entries(module)) {
      if (!(value instanceof z.ZodType) || names.has(value)) continue;
      const name = exportName[0]!.toUpperCase() + exportName.slice(1);
      if (taken.has(name)) throw new Error(`Two contract schemas would both be the component ${name}`);
      taken.add(name);
      names.set(value, name);
    }
  }
  return names;
}

const common = { target: 'draft-2020-12', unrepresentable: 'any' } as const;

/** A schema without the keys that only make sense at a document's root. */
function embedded(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * Replies as JSON Schema: each schema of `replies` converted as it leaves the server (`io:
 * 'output'`), contract schemas inside it as `$ref`s to components. Returns each reply's schema (a
 * `$ref` when the reply is itself a named schema) and the components any of them reach.
 */
export function replySchemas(replies: z.ZodType[]): {
  schemaOf: (reply: z.ZodType) => JsonSchema;
  components: Record<string, JsonSchema>;
} {
  const names = namedSchemas();
  const registry = z.registry<{ id: string }>();
  for (const [schema, name] of names) registry.add(schema, { id: name });
  const anonymous = new Map<z.ZodType, string>();
  for (const reply of replies) {
    if (names.has(reply) || anonymous.has(reply)) continue;
    const id = `__reply${anonymous.size}`;
    anonymous.set(reply, id);
    registry.add(reply, { id });
  }
  const converted = z.toJSONSchema(registry, { ...common, io: 'output', uri: componentRef }).schemas;
  const schemaOf = (reply: z.ZodType): JsonSchema => {
    const name = names.get(reply);
    if (name) return { $ref: componentRef(name) };
    return embedded(converted[anonymous.get(reply)!] as JsonSchema);
  };
  // Only the components the replies reach: the contract exports more than the API answers.
  const reached = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(componentRef(''))) {
        const name = value.slice(componentRef('').length);
        if (!reached.has(name)) {
          reached.add(name);
          visit(converted[name]);
        }
      } else visit(value);
    }
  };
  for (const reply of replies) visit(schemaOf(reply));
  const components: Record<string, JsonSchema> = {};
  for (const name of [...reached].sort()) components[name] = embedded(converted[name] as JsonSchema);
  return { schemaOf, components };
}

/** A request part (params, query or body) as the server reads it, written out in full. */
export const requestSchema = (schema: z.ZodType): JsonSchema =>
  embedded(z.toJSONSchema(schema, { ...common, io: 'input' }) as JsonSchema);

import type { JsonSchema } from './json-schema';

const STRING_SAMPLES: Record<string, string> = {
  'date-time': '2025-03-01T09:00:00.000Z',
  date: '2025-03-01',
  email: 'ada@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
};

/**
 * An example value that fits `schema`, for the reference page: defaults and enums where the schema
 * has them, else a plain value of the type. `$ref`s are followed in `components` up to a depth, so a
 * schema that refers to itself still ends.
 */
export function sampleOf(schema: unknown, components: Record<string, JsonSchema>, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 8) return null;
  const s = schema as JsonSchema;
  if (typeof s.$ref === 'string') {
    return sampleOf(components[s.$ref.split('/').at(-1)!], components, depth + 1);
  }
  if ('const' in s) return s.const;
  if ('default' in s) return s.default;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (Array.isArray(s.enum)) return s.enum[0];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(s[key])) {
      // The first alternative that is not null shows more than `null` would.
      const options = s[key] as JsonSchema[];
      return sampleOf(options.find((o) => o.type !== 'null') ?? options[0], components, depth + 1);
    }
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [
          name,
          sampleOf(property, components, depth + 1),
        ]),
      );
    }
    case 'array':
      return [sampleOf(s.items, components, depth + 1)];
    case 'string':
      return STRING_SAMPLES[String(s.format)] ?? 'string';
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return null;
  }
}

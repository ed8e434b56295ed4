import { z } from 'zod';
import { webhookEvents } from '../../contract/webhook-events';
import { componentRef, type JsonSchema } from './json-schema';

/** The Standard Webhooks headers every delivery carries, so a receiver can check it came from us. */
const HEADERS = [
  ['webhook-id', 'The delivery id: the same on every retry of one event, so a receiver can drop repeats'],
  ['webhook-timestamp', 'When it was sent, in seconds since 1970; refuse ones too far from now'],
  [
    'webhook-signature',
    "`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret",
  ],
] as const;

/** "email.delivery_unknown" → "EmailDeliveryUnknownEvent". */
const componentNameOf = (type: string) =>
  `${type
    .split(/[._]/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}Event`;

/**
 * The document's `webhooks`: one POST per event type (src/contract/webhook-events.ts), its body an
 * envelope schema under `components/schemas`. Any 2xx answer acknowledges the delivery.
 */
export function webhooksOf(): { webhooks: Record<string, unknown>; schemas: Record<string, JsonSchema> } {
  const webhooks: Record<string, unknown> = {};
  const schemas: Record<string, JsonSchema> = {};
  for (const [type, schema] of Object.entries(webhookEvents)) {
    const name = componentNameOf(type);
    const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' });
    schemas[name] = json;
    webhooks[type] = {
      post: {
        operationId: `webhook.${type}`,
        tags: ['webhooks'],
        summary: type,
        description: schema.description,
        parameters: HEADERS.map(([header, description]) => ({
          name: header,
          in: 'header',
          required: true,
          description,
          schema: { type: 'string' },
        })),
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: componentRef(name) } } },
        },
        responses: {
          '2XX': { description: 'Received; any other answer means the delivery is tried again later' },
        },
      },
    };
  }
  return { webhooks, schemas };
}

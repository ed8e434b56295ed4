import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '../../contract/route';
import { buildOpenApiDocument, type Operation, openApiDocument } from './document';
import { routeEntries } from './route-entries';

const doc = openApiDocument();
const operation = (method: string, path: string) => doc.paths[path]?.[method] as Operation;

describe('the OpenAPI document', () => {
  it('has one operation per entry of the API table, named by its place in the table', () => {
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.sort()).toEqual(
      routeEntries()
        .map((e) => e.operationId)
        .sort(),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('post', '/api/campaigns/{id}/send-approved')).toMatchObject({
      operationId: 'campaigns.sendApproved',
      tags: ['campaigns'],
      summary: 'Send approved',
    });
  });

  it('says who may call each operation, with the workspace header and security where they apply', () => {
    const send = operation('post', '/api/campaigns/{id}/send-approved');
    expect(send.description).toContain('the role **sender** or higher');
    expect(send.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
      { $ref: '#/components/parameters/Workspace' },
      { $ref: '#/components/parameters/IdempotencyKey' },
    ]);
    // An API token needs the scope its route needs: send for the routes that send or schedule.
    expect(send.security).toEqual([{ cookieAuth: [] }, { bearerAuth: ['send'] }]);
    expect(send.description).toContain('API tokens: with the **send** scope.');
    expect(send['x-tailor-token-scope']).toBe('send');
    expect(operation('put', '/api/campaigns/{id}').security).toEqual([
      { cookieAuth: [] },
      { bearerAuth: ['write'] },
    ]);
    const user = operation('get', '/api/auth/user');
    expect(user.description).toContain('any signed-in person');
    expect(user.parameters).toBeUndefined();
    expect(user.security).toEqual([{ cookieAuth: [] }, { bearerAuth: ['read'] }]);
    // Token management, and account calls other than reading who one is, take a session only.
    expect(operation('post', '/api/workspace/api-tokens').security).toEqual([{ cookieAuth: [] }]);
    expect(operation('get', '/api/workspaces').description).toContain('API tokens: refused');
    expect(operation('get', '/api/public-config').security).toEqual([]);
    expect(doc.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
  });

  it('declares Idempotency-Key on exactly the calls that honour it, with its errors and replay header', () => {
    const takesKey = (op: Operation) =>
      ((op.parameters ?? []) as { $ref?: string }[]).some(
        (p) => p.$ref === '#/components/parameters/IdempotencyKey',
      );
    const honouring = routeEntries().filter((e) => e.def.idempotencyKey);
    expect(honouring.length).toBeGreaterThan(20);
    for (const { def } of routeEntries()) {
      const op = operation(def.method.toLowerCase(), def.path.replace(/:(\w+)/g, '{$1}'));
      expect(takesKey(op), `${def.method} ${def.path}`).toBe(def.idempotencyKey === true);
    }
    const create = operation('post', '/api/campaigns');
    expect(Object.keys(create.responses as object)).toEqual(expect.arrayContaining(['400', '409', '422']));
    expect(create.responses).toHaveProperty('200.headers.Idempotent-Replayed.schema', {
      type: 'string',
      enum: ['true'],
    });
    expect(create.description).toContain('Idempotency-Key');
    expect(doc.components.parameters).toHaveProperty('IdempotencyKey.in', 'header');
    expect(operation('post', '/api/templates/preview').description).not.toContain('Idempotency-Key');
  });

  it('lists the errors each call can answer with', () => {
    expect(Object.keys(operation('get', '/api/public-config').responses as object)).toEqual(['200']);
    expect(Object.keys(operation('get', '/api/campaigns/{id}').responses as object)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '429',
    ]);
    // No token may call it, so no token's rate limit either.
    expect(Object.keys(operation('get', '/api/workspaces').responses as object)).toEqual(['200', '401']);
    expect(Object.keys(operation('post', '/api/campaigns/{id}/upload-csv').responses as object)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '422',
      '429',
    ]);
  });

  it('describes uploads, files, streams and redirects as what they are', () => {
    const upload = operation('post', '/api/campaigns/{id}/upload-csv');
    expect(Object.keys((upload.requestBody as { content: object }).content)).toEqual(['multipart/form-data']);
    const content = (op: Operation, status: string) =>
      Object.keys(((op.responses as Record<string, { content?: object }>)[status]?.content ?? {}) as object);
    expect(content(operation('get', '/api/campaigns/{id}/unsubscribers/export'), '200')).toEqual([
      'text/csv',
    ]);
    expect(content(operation('get', '/api/emails/{id}/raw'), '200')).toEqual(['message/rfc822']);
    expect(content(operation('post', '/api/campaigns/{id}/generate-emails'), '200')).toEqual([
      'text/event-stream',
    ]);
    expect(operation('get', '/api/auth/{provider}').responses).toHaveProperty('302');
    expect(operation('get', '/api/reference').responses).toHaveProperty('200.content.text/html');
  });

  it('refers to shared schemas as components, and keeps every reference resolvable', () => {
    expect(operation('get', '/api/campaigns/{id}').responses).toHaveProperty(
      '200.content.application/json.schema',
      { $ref: '#/components/schemas/Campaign' },
    );
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)];
    expect(refs.length).toBeGreaterThan(50);
    for (const [, kind, name] of refs) expect(doc.components[kind!], `${kind}/${name}`).toHaveProperty(name!);
  });

  it('describes request bodies as the server reads them, optional when the call takes none', () => {
    const body = (op: Operation) =>
      op.requestBody as { required: boolean; content: Record<string, { schema: object }> };
    expect(body(operation('post', '/api/templates')).required).toBe(true);
    expect(body(operation('post', '/api/campaigns/{id}/send-approved')).required).toBe(false);
    // Input, not output: a field with a default is not required of the caller.
    const query = (
      operation('get', '/api/campaigns/{id}/emails').parameters as { name: string; required: boolean }[]
    ).filter((p) => p.name === 'limit');
    expect(query).toEqual([
      expect.objectContaining({ required: false, schema: expect.objectContaining({ default: 50 }) }),
    ]);
  });

  it('has every webhook event with its Standard Webhooks envelope', () => {
    expect(Object.keys(doc.webhooks as object)).toEqual([
      'email.sent',
      'email.delivery_unknown',
      'email.failed',
      'email.opened',
      'email.replied',
      'email.auto_replied',
      'email.bounced',
      'answer.categorized',
      'recipient.unsubscribed',
      'sequence.stopped',
      'campaign.generated',
      'campaign.completed',
    ]);
    expect(doc.components.schemas).toHaveProperty(
      'EmailBouncedEvent.properties.data.properties.bounceKind.enum',
      ['hard', 'soft'],
    );
    expect(doc.components.schemas).toHaveProperty('EmailOpenedEvent.required', ['type', 'timestamp', 'data']);
  });

  it('refuses a call that answers no JSON without saying what it answers instead', () => {
    const stray = route({ method: 'GET', path: '/api/stray', access: 'viewer', params: z.object({}) });
    expect(() => buildOpenApiDocument([{ operationId: 'stray', tag: 'general', def: stray }])).toThrow(
      'stray has no reply schema and no entry in NON_JSON_ANSWERS',
    );
  });

  it('is built once per process', () => {
    expect(openApiDocument()).toBe(doc);
  });
});

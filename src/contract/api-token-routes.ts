import { z } from 'zod';
import { apiToken, createApiTokenBody, createdApiToken } from './api-tokens';
import { okReply } from './auth';
import { idParams } from './common';
import { route } from './route';

/**
 * A workspace's API tokens (`api.apiTokens`, api.ts). Owners and senders manage them, and only
 * with a session: a token can never make or revoke tokens. A sender sees and revokes their own
 * tokens, an owner every token of the workspace.
 */
export const apiTokenRoutes = {
  list: route({
    method: 'GET',
    path: '/api/workspace/api-tokens',
    access: 'sender',
    tokens: false,
    reply: z.array(apiToken),
  }),
  create: route({
    method: 'POST',
    path: '/api/workspace/api-tokens',
    idempotencyKey: true,
    access: 'sender',
    tokens: false,
    body: createApiTokenBody,
    reply: createdApiToken,
  }),
  revoke: route({
    method: 'DELETE',
    path: '/api/workspace/api-tokens/:id',
    access: 'sender',
    tokens: false,
    params: idParams,
    reply: okReply,
  }),
} as const;

import { api } from '../../contract/api';
import type { AppContext } from '../context';
import { apiTokensOf, createApiToken, revokeToken } from '../services/api-tokens';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/** A workspace's API tokens, managed in Settings with a session (the API table refuses tokens here). */
export function apiTokenRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  const t = api.apiTokens;
  serve(t.list, (req) => apiTokensOf(ctx.db, req.member));
  serve(t.create, (req) => createApiToken(ctx.db, req.member, req.body, req.user.email, ctx.clock()));
  serve(t.revoke, async (req) => {
    await revokeToken(ctx.db, req.member, req.params.id, ctx.clock());
    return { ok: true as const };
  });
}

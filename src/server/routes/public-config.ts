import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfig } from '../../contract/public-config';
import type { AppContext } from '../context';
import { localSignInAllowed } from '../services/local-sign-in';
import type { AppInstance } from './app-instance';

export function publicConfigRoutes(app: AppInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/public-config', { schema: { response: { 200: publicConfig } } }, async (request) => ({
      signIn: {
        google: ctx.oidc.isEnabled('google'),
        microsoft: ctx.oidc.isEnabled('microsoft'),
        local: localSignInAllowed(ctx.config, request.raw),
      },
      legal: ctx.config.legal,
    }));
}

import { api } from '../../contract/api';
import type { AppContext } from '../context';
import { localSignInAllowed } from '../services/local-sign-in';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

export function publicConfigRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  serve(api.publicConfig, async (request) => {
    const local = localSignInAllowed(ctx.config, request.raw);
    return {
      signIn: {
        google: ctx.oidc.isEnabled('google'),
        microsoft: ctx.oidc.isEnabled('microsoft'),
        local,
        localOnThisMachineOnly: !local && ctx.config.auth.localSignIn,
      },
      ai: ctx.ai !== null,
      legal: ctx.config.legal,
    };
  });
}

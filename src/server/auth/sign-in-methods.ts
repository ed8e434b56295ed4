import type { Config } from '../config';
import type { AppContext } from '../context';

/**
 * What the log says at start-up when nobody can sign in: no Google or Microsoft client and local
 * sign-in off (the default in production). Null when some way in exists.
 */
export function noSignInMessage(config: Config): string | null {
  const { google, microsoft, localSignIn } = config.auth;
  if (google || microsoft || localSignIn) return null;
  const why = config.isProduction
    ? 'NODE_ENV=production turns local sign-in off'
    : 'LOCAL_SIGN_IN=false turns local sign-in off';
  return (
    `No sign-in method is configured, so nobody can sign in (${why}). ` +
    'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (Gmail), or MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET (Outlook), ' +
    'or LOCAL_SIGN_IN=true (no password: anyone who can reach the server can sign in), then restart'
  );
}

/** Says at every start that nobody can sign in, naming the settings that fix it. */
export function warnWhenNoSignIn(config: Config, log: AppContext['log']) {
  const message = noSignInMessage(config);
  if (message) log.warn(message);
}

// The environment of the built app the end-to-end tests run: playwright.config.ts starts one app with
// it, and a spec that needs an app of its own (with other mail settings) starts it the same way.

export const FAKE_OIDC_PORT = 4401;
export const FAKE_AI_PORT = 4402;
export const FAKE_MAIL_PORT = 4403;

const OIDC = `http://127.0.0.1:${FAKE_OIDC_PORT}`;

/** For `node dist/server/main.js all` serving `url` (http://127.0.0.1:<port>) from a fresh `dataDir`. */
export function appEnv(url: string, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: new URL(url).port,
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    LOCAL_SIGN_IN: 'true',
    // The bundled compose thread, as production runs it.
    COMPOSE_THREADS: '1',
    GOOGLE_CLIENT_ID: 'fake-google-client',
    GOOGLE_CLIENT_SECRET: 'fake-google-secret',
    GOOGLE_ISSUER: `${OIDC}/google`,
    MICROSOFT_CLIENT_ID: 'fake-microsoft-client',
    MICROSOFT_CLIENT_SECRET: 'fake-microsoft-secret',
    MICROSOFT_ISSUER: `${OIDC}/microsoft`,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: `http://127.0.0.1:${FAKE_AI_PORT}/v1`,
    AI_MODEL: 'fake-model',
    AI_API_KEY: 'fake-key',
    AI_IMAGE_MODEL: 'fake-image',
    AI_MAX_RETRIES: '1',
    GMAIL_API_URL: `http://127.0.0.1:${FAKE_MAIL_PORT}/gmail`,
    GRAPH_API_URL: `http://127.0.0.1:${FAKE_MAIL_PORT}/graph`,
    SEND_PACING: 'false',
    // Google and Microsoft sign-ins ask to read the mailbox: replies and bounces are synced.
    MAILBOX_READ_SCOPE: 'true',
  };
}

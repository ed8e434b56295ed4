// The environment of the built app the end-to-end tests run: playwright.config.ts starts an app with
// it for each worker, and a spec that needs an app of its own (with other mail settings) starts it
// the same way.

/**
 * The browser suite's workers. Each has an app and fakes of its own, on ports of its own: the fakes
 * keep what a test set (the next OIDC user, the AI's script, the mail sent), and the tests of one
 * spec file run in one worker, one after another. E2E_WORKERS=1 starts one (npm test's timed run).
 */
export const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/** The ports, addresses and data folder of worker slot `slot`'s app and fakes. */
export function stackOf(slot: number) {
  const ports = { oidcPort: 4401 + 10 * slot, aiPort: 4402 + 10 * slot, mailPort: 4403 + 10 * slot };
  const at = (port: number) => `http://127.0.0.1:${port}`;
  return {
    ...ports,
    oidcUrl: at(ports.oidcPort),
    aiUrl: at(ports.aiPort),
    mailUrl: at(ports.mailPort),
    appUrl: at(5055 + slot),
    dataDir: `.test-data/e2e-${slot}`,
  };
}
export type Stack = ReturnType<typeof stackOf>;

/**
 * This worker's (Playwright gives each worker its slot in TEST_PARALLEL_INDEX before it loads the
 * config and the specs); slot 0's in the runner, which starts every worker's.
 */
export const STACK = stackOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const FAKE_OIDC = STACK.oidcUrl;
export const FAKE_AI = STACK.aiUrl;
export const FAKE_MAIL = STACK.mailUrl;

/**
 * For `node dist/server/main.js all` serving `url` (http://127.0.0.1:<port>) from a fresh `dataDir`,
 * with `stack`'s fakes.
 */
export function appEnv(url: string, dataDir: string, stack: Stack = STACK): Record<string, string> {
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
    GOOGLE_ISSUER: `${stack.oidcUrl}/google`,
    MICROSOFT_CLIENT_ID: 'fake-microsoft-client',
    MICROSOFT_CLIENT_SECRET: 'fake-microsoft-secret',
    MICROSOFT_ISSUER: `${stack.oidcUrl}/microsoft`,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: `${stack.aiUrl}/v1`,
    AI_MODEL: 'fake-model',
    AI_API_KEY: 'fake-key',
    AI_IMAGE_MODEL: 'fake-image',
    AI_MAX_RETRIES: '1',
    GMAIL_API_URL: `${stack.mailUrl}/gmail`,
    GRAPH_API_URL: `${stack.mailUrl}/graph`,
    SEND_PACING: 'false',
    // Google and Microsoft sign-ins ask to read the mailbox: replies and bounces are synced.
    MAILBOX_READ_SCOPE: 'true',
  };
}

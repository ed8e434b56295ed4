/**
 * Standalone fake Gmail API + Microsoft Graph send endpoints for Playwright runs: `npx tsx test/fakes/run-fake-mail.ts`.
 * The same server answers GET /__control/sent/gmail (and /graph): a JSON array of { id, messageId, to, raw }
 * for every message accepted, and POST /__control/reset.
 */
import { startFakeMailProviders } from './mail-providers';

const fake = await startFakeMailProviders({ port: Number(process.env.FAKE_MAIL_PORT ?? 4403) });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void fake.close().finally(() => process.exit(0));
  });
}

console.log(`fake-mail ready ${fake.gmailUrl} ${fake.graphUrl}`);

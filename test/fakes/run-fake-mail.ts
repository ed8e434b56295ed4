/**
 * Standalone fake Gmail API + Microsoft Graph for Playwright runs: `node --import tsx test/fakes/run-fake-mail.ts`.
 * The same server answers GET /__control/sent/gmail (and /graph): a JSON array of { id, messageId, to, raw }
 * for every message accepted; POST /__control/deliver/gmail (and /graph) with a message/rfc822 body, which
 * lands in that inbox and answers { id, threadId }; POST /__control/expire-history/gmail (and /graph);
 * and POST /__control/reset.
 */
import { startFakeMailProviders } from './mail-providers';

const fake = await startFakeMailProviders({ port: Number(process.env.FAKE_MAIL_PORT ?? 4403) });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void fake.close().finally(() => process.exit(0));
  });
}

console.log(`fake-mail ready ${fake.gmailUrl} ${fake.graphUrl}`);

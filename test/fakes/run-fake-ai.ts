/**
 * Standalone fake OpenAI-compatible API for Playwright runs: `node --import tsx test/fakes/run-fake-ai.ts`.
 * The same server answers POST /__control/fail-next ({ count, failure }), /__control/fail-all ({ failure }),
 * /__control/latency ({ ms }), /__control/reply ({ reply }), /__control/script ({ rules }: see ScriptRule),
 * /__control/reset and GET /__control/requests.
 */
import { startFakeAi } from './ai-server';

const fake = await startFakeAi({
  port: Number(process.env.FAKE_AI_PORT ?? 4402),
  latencyMs: Number(process.env.FAKE_AI_LATENCY_MS ?? 0),
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void fake.close().finally(() => process.exit(0));
  });
}

console.log(`fake-ai ready ${fake.url}`);

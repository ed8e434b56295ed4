import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeEntities } from '../src/server/services/draft-checks/draft-text';
import { type FakeAi, isClaimCheck, lastUserMessage, startFakeAi } from './fakes/ai-server';
import { loadCorpus } from './support/draft-corpus';
import { runScript } from './support/run-script';

/**
 * `npm run eval:claims` run to its end against an OpenAI-compatible server (the fake), as it
 * runs against a local or hosted model, with two models whose verdicts fix the figures: one that
 * doubts every draft, and one that vouches for everything each draft says.
 */

const SCRIPT = 'scripts/eval-claims.ts';
const CAMPAIGNS = 2;

/** The "with the AI claim check" line's TP, FP, FN, precision and recall. */
function withAiLine(stdout: string) {
  const m = /with the AI claim check\s+(\d+)\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)/.exec(stdout);
  if (!m) throw new Error(`No "with the AI claim check" line in:\n${stdout}`);
  return { tp: Number(m[1]), fp: Number(m[2]), fn: Number(m[3]), precision: m[4], recall: m[5] };
}

describe('eval:claims against an OpenAI-compatible server', () => {
  let ai: FakeAi;
  const drafts = loadCorpus()
    .filter((c) => c.ai)
    .slice(0, CAMPAIGNS)
    .flatMap((c) => c.drafts);
  const positives = drafts.filter((d) => d.expect.includes('ungrounded')).length;
  const env = () => ({ ...ai.env, AI_MAX_RETRIES: '0', AI_EVAL: '1', EVAL_CAMPAIGNS: String(CAMPAIGNS) });

  beforeAll(async () => {
    ai = await startFakeAi();
  });
  afterEach(() => ai.reset());
  afterAll(() => ai.close());

  it('scores the verdicts of a model that doubts every draft: recall 1, exit 0', async () => {
    ai.setReply((request) =>
      isClaimCheck(request) ? { claims: [{ text: 'a claim of its own', supportedBy: null }] } : undefined,
    );
    const run = await runScript(SCRIPT, env());
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `Ungrounded claims on the labelled corpus: ${drafts.length} AI drafts, openai-compatible fake-model at ${ai.url}`,
    );
    expect(run.stdout).toMatch(/cheap checks only\s+\d+\s+\d+\s+\d+\s+[\d.]+\s+[\d.]+/);
    expect(withAiLine(run.stdout)).toEqual({
      tp: positives,
      fp: drafts.length - positives,
      fn: 0,
      precision: (positives / drafts.length).toFixed(3),
      recall: '1.000',
    });
    expect(run.stdout).toContain('0 drafts the provider could not read. Goal: recall ≥ 0.8.');
    // Each draft read once: the first request's answer counts too.
    expect(ai.requests.filter(isClaimCheck)).toHaveLength(drafts.length);
  });

  it('scores the verdicts of a model that vouches for every word: recall 0, exit 1', async () => {
    // The whole draft as one claim the template supports: the cheap findings inside it give way.
    ai.setReply((request) => {
      if (!isClaimCheck(request)) return undefined;
      const draft = /<draft>\n([\s\S]*?)\n<\/draft>/.exec(lastUserMessage(request.body))?.[1] ?? '';
      return { claims: [{ text: decodeEntities(draft), supportedBy: 'template' }] };
    });
    const run = await runScript(SCRIPT, env());
    expect(run.code, run.stderr).toBe(1);
    expect(withAiLine(run.stdout)).toMatchObject({ tp: 0, fn: positives, recall: '0.000' });
  });

  it.each([
    ['without AI_EVAL=1', () => ({ ...ai.env }), /Set AI_EVAL=1/],
    ['without a provider', () => ({ AI_EVAL: '1' }), /No AI provider configured/],
  ])('cannot run %s: exit 2, nothing asked of the model', async (_, settings, message) => {
    const run = await runScript(SCRIPT, settings());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(ai.requests).toHaveLength(0);
  });

  it('stops at the first request when the server is not there: exit 2 with the reason', async () => {
    const run = await runScript(SCRIPT, { ...env(), AI_BASE_URL: 'http://127.0.0.1:9/v1' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/could not answer the first request: The AI provider failed/);
  });
});

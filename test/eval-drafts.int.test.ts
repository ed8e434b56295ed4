import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAi, isClaimCheck, lastUserMessage, startFakeAi } from './fakes/ai-server';
import { corpusModel, INVENTED } from './fakes/corpus-model';
import { campaignList, loadAiCampaigns } from './support/ai-corpus';
import { labelledCampaign } from './support/draft-corpus';
import { runScript } from './support/run-script';

/**
 * `npm run eval:drafts` run to its end against an OpenAI-compatible server (the fake), as it
 * runs against a local or hosted model: a model that writes by rule (fakes/corpus-model.ts), so
 * the report's figures are known in advance.
 */

const SCRIPT = 'scripts/eval-drafts.ts';
const LIMIT = 3;

describe('eval:drafts against an OpenAI-compatible server', () => {
  let ai: FakeAi;
  let folder: string;
  const campaigns = loadAiCampaigns();
  const env = () => ({ ...ai.env, AI_MAX_RETRIES: '0', AI_EVAL: '1' });
  const writing = () => ai.requests.filter((r) => !isClaimCheck(r));
  const reading = () => ai.requests.filter(isClaimCheck);

  beforeAll(async () => {
    ai = await startFakeAi();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-drafts-'));
  });
  afterEach(() => ai.reset());
  afterAll(async () => {
    await ai.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('writes every row through the writer, checks the drafts, reads their claims and keeps them for labelling', async () => {
    const blind = campaigns.filter((c) => c.senderProfile);
    // Not the first draft: that one is written alone first, to see that the provider answers.
    const unreadable = blind[0]!.drafts[2]!;
    ai.setReply(corpusModel(campaigns, unreadable.recipientEmail));
    const out = path.join(folder, 'written.json');

    const run = await runScript(SCRIPT, {
      ...env(),
      AI_EVAL_CLAIMS: '1',
      EVAL_LIMIT: String(LIMIT),
      EVAL_DRAFTS_OUT: out,
    });

    // One draft the provider could not write: the report is whole, the exit code says so.
    expect(run.code, run.stderr).toBe(1);
    const rows = campaigns.length * LIMIT;
    const written = rows - 1;
    const invented = campaigns.length;
    expect(writing()).toHaveLength(rows);
    expect(reading()).toHaveLength(written);
    const pct = (n: number) => `${Math.round((100 * n) / written)}%`;
    expect(run.stdout).toContain(`for ${campaigns.length} AI campaigns of the labelled corpus`);
    expect(run.stdout).toContain(`Written: ${written} drafts; 1 the provider could not write.`);
    expect(run.stdout).toContain(
      `A number or name absent from the row, the profile and the prompt: ${invented} drafts (${pct(invented)}).`,
    );
    expect(run.stdout).toContain(
      `AI claim check: ${invented} drafts (${pct(invented)}) with a claim nothing supports; 0 drafts it could not read.`,
    );
    const points = blind.reduce((n, c) => n + c.senderProfile!.proofPoints!.length, 0);
    expect(run.stdout).toContain(
      `Sender proof points: ${blind.length} of ${points} (${Math.round((100 * blind.length) / points)}%) stated by at least one draft; 1.00 a draft.`,
    );
    expect(run.stdout).toMatch(new RegExp(`Not written \\(1\\):\\n {2}${unreadable.id}: `));

    // A line per campaign between the header and "all", then the flagged drafts with their findings.
    const lines = run.stdout.split('\n');
    const header = lines.findIndex((l) => l.startsWith('campaign '));
    const total = lines.findIndex((l) => l.startsWith('all '));
    expect(total - header - 1).toBe(campaigns.length);
    for (const campaign of campaigns) {
      const second = campaign.drafts[1]!;
      expect(run.stdout).toContain(`── model-${second.id} · `);
    }
    expect(run.stdout).toContain(
      `  ungrounded (high) body "${INVENTED}": The AI check found nothing you gave it that supports this claim`,
    );

    // The sender profile reached the writer in its <sender> block.
    const harcourt = blind[0]!;
    const prompt = writing()
      .map((r) => lastUserMessage(r.body))
      .find((p) => p.includes(harcourt.drafts[0]!.recipientEmail))!;
    const sender = prompt.slice(prompt.indexOf('<sender>'), prompt.indexOf('</sender>'));
    expect(sender).toContain(harcourt.senderProfile!.proofPoints![1]);

    // The drafts load as corpus campaigns, unlabelled; those without a profile as the older corpus's.
    const saved = campaignList.parse(JSON.parse(fs.readFileSync(out, 'utf8')));
    expect(saved).toHaveLength(campaigns.length);
    expect(saved.flatMap((c) => c.drafts)).toHaveLength(written);
    for (const [i, campaign] of saved.entries()) {
      expect(campaign.senderProfile).toEqual(campaigns[i]!.senderProfile);
      expect(campaign.aiSources).toBe(campaigns[i]!.aiSources);
      for (const draft of campaign.drafts) {
        expect(draft.expect).toEqual([]);
        expect(draft.id).toMatch(/^model-/);
      }
      if (!campaign.senderProfile) labelledCampaign.parse(campaign);
    }
    expect(saved[0]!.drafts[1]!.body).toContain(INVENTED);
  });

  it('exits 0 when every draft is written, without reading claims unless asked, and without a key', async () => {
    ai.setReply(corpusModel(campaigns));
    // A local server wants no key: none is sent.
    const run = await runScript(SCRIPT, { ...env(), AI_API_KEY: '', EVAL_CAMPAIGNS: '1', EVAL_LIMIT: '2' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Written: 2 drafts; 0 the provider could not write.');
    expect(run.stdout).not.toContain('AI claim check:');
    expect(writing()).toHaveLength(2);
    expect(writing().map((r) => r.headers.authorization)).toEqual([undefined, undefined]);
    expect(reading()).toHaveLength(0);
  });

  it.each([
    ['without AI_EVAL=1', () => ({ ...ai.env }), /Set AI_EVAL=1/],
    ['without a provider', () => ({ AI_EVAL: '1' }), /No AI provider configured/],
    [
      'without AI_BASE_URL for an OpenAI-compatible server',
      () => ({ ...env(), AI_BASE_URL: '' }),
      /AI_BASE_URL is required with AI_PROVIDER=openai-compatible/,
    ],
    ['with EVAL_LIMIT=0', () => ({ ...env(), EVAL_LIMIT: '0' }), /EVAL_LIMIT must be a whole number above 0/],
  ])('cannot run %s: exit 2, nothing asked of the model', async (_, settings, message) => {
    const run = await runScript(SCRIPT, settings());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(ai.requests).toHaveLength(0);
  });

  it('stops at the first request when the server refuses it: exit 2 with its reason', async () => {
    ai.failAll({ kind: 'status', status: 401 });
    const run = await runScript(SCRIPT, env());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/could not answer the first request: .*HTTP 401/);
    expect(ai.requests).toHaveLength(1);
  });
});

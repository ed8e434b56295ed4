import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { httpClient, waitUntil } from '../test/support/http-client';
import { type BenchDb, benchDatabases, startBenchApp } from './bench-app';
import { type BenchResult, report } from './support';

/**
 * Generation through the real route and job: 100,000 template-only emails (render + database
 * writes), then 2,000 AI emails against the fake AI at 200 ms latency with concurrency 16, whose
 * lower bound is 2,000 × 0.2 s ÷ 16 = 25 s.
 */
const results: BenchResult[] = [];

function recipientsCsv(rows: number) {
  const file = path.join(os.tmpdir(), `tailor-bench-gen-${rows}.csv`);
  if (!fs.existsSync(file)) {
    const lines = ['email,first_name,last_name,company,job_title,info'];
    for (let i = 0; i < rows; i++)
      lines.push(`p${i}@example.com,First${i},Last${i},Company ${i},Director,Likes automation ${i}`);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
  }
  return file;
}

async function generate(base: string, template: object, rows: number) {
  const api = httpClient(base);
  await api.json('POST', '/api/auth/local', { email: `gen-${rows}@localhost` });
  const tpl = await api.json('POST', '/api/templates', template);
  const mapping = {
    email: 'email',
    first_name: 'first_name',
    last_name: 'last_name',
    company: 'company',
    job_title: 'job_title',
    info: 'info',
  };
  const campaign = await api.json('POST', '/api/campaigns', {
    name: 'Gen',
    templateId: tpl.id,
    columnMapping: mapping,
  });
  const form = new FormData();
  form.append('csvFile', await fs.openAsBlob(recipientsCsv(rows)), 'r.csv');
  await api.json('POST', `/api/campaigns/${campaign.id}/upload-csv`, form);
  const started = performance.now();
  const stream = await api.request('POST', `/api/campaigns/${campaign.id}/generate-emails`);
  const text = await stream.text();
  if (!text.includes('event: complete')) throw new Error(`generation did not complete: ${text.slice(-300)}`);
  const seconds = (performance.now() - started) / 1000;
  const done = await api.json('GET', `/api/campaigns/${campaign.id}/emails?limit=1`);
  if (done.total !== rows) throw new Error(`expected ${rows} emails, found ${done.total}`);
  return seconds;
}

const templateOnly = {
  name: 'Fixed',
  type: 'template',
  subjectTemplate: 'Quick question for {{ first_name }} at {{ company }}',
  bodyTemplate:
    '<p>Hi {{ first_name | default: "there" }} {{ last_name }},</p><p>I noticed {{ company }} is hiring a <strong>{{ job_title }}</strong>.</p><p>{{ info }}</p><p>Would a short call next week work?</p>',
  variables: ['email', 'first_name', 'last_name', 'company', 'job_title', 'info'],
};

async function templateBench(kind: BenchDb) {
  const app = await startBenchApp(kind);
  try {
    const seconds = await generate(app.base, templateOnly, 100_000);
    results.push({
      metric: 'template_generation_emails_per_s',
      db: kind,
      value: 100_000 / seconds,
      unit: 'emails/s',
      goal: 10_000,
      higherIsBetter: true,
    });
  } finally {
    await app.close();
  }
}

/** The fake AI runs in its own process, as a real provider would: its work is not on our event loop. */
async function aiBench() {
  const port = 24000 + (process.pid % 1000);
  const fake = spawn(process.execPath, ['--import', 'tsx', 'test/fakes/run-fake-ai.ts'], {
    env: { ...process.env, FAKE_AI_PORT: String(port), FAKE_AI_LATENCY_MS: '200' },
    stdio: 'ignore',
  });
  const control = `http://127.0.0.1:${port}/__control/requests`;
  await waitUntil(async () => (await fetch(control).catch(() => null))?.ok, 30_000, 'fake AI ready');
  const app = await startBenchApp('pglite', {
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
    AI_MODEL: 'fake',
    AI_CONCURRENCY: '16',
  });
  try {
    const seconds = await generate(
      app.base,
      {
        name: 'AI',
        type: 'prompt',
        aiInstructions: 'Write a short intro.',
        variables: templateOnly.variables,
      },
      2_000,
    );
    results.push(
      {
        metric: 'ai_generation_2000_at_c16_s',
        db: 'pglite',
        value: seconds,
        unit: 's',
        goal: 25 * 1.15,
        higherIsBetter: false,
      },
      {
        metric: 'ai_generation_vs_bound',
        db: 'pglite',
        value: seconds / 25,
        unit: 'ratio',
        goal: 1.15,
        higherIsBetter: false,
      },
      {
        metric: 'ai_max_concurrent_requests',
        db: null,
        value: (await (await fetch(control)).json()).stats.maxConcurrent,
        unit: 'requests',
        goal: 16,
        higherIsBetter: false,
      },
    );
  } finally {
    await app.close();
    fake.kill('SIGTERM');
  }
}

if (!process.argv.includes('--ai-only')) for (const kind of await benchDatabases()) await templateBench(kind);
await aiBench();
report('generate', results);

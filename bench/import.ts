import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Papa from 'papaparse';
import { from as copyFrom } from 'pg-copy-streams';
import { httpClient, waitUntil } from '../test/support/http-client';
import { type BenchDb, benchDatabases, startBenchApp } from './bench-app';
import { type BenchResult, report } from './support';

/**
 * CSV import end to end through the real upload endpoint (parse, validation, dedupe, storage)
 * for a 100,000-row, 10-column file, against a bare COPY of the same rows into the same table in
 * the same run; then the peak memory of a server process importing a 1,000,000-row file.
 */
const ROWS = 100_000;
const COLUMNS = [
  'Email',
  'First Name',
  'Last Name',
  'Company',
  'Job Title',
  'City',
  'Country',
  'Phone',
  'Industry',
  'Notes',
];
const results: BenchResult[] = [];

function writeCsv(rows: number): string {
  const file = path.join(os.tmpdir(), `tailor-bench-${rows}.csv`);
  if (fs.existsSync(file)) return file;
  const out = fs.openSync(file, 'w');
  fs.writeSync(out, `${COLUMNS.join(',')}\n`);
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    chunk += `person${i}@example${i % 97}.com,First${i},Last${i},"Company ${i % 5000}, Inc",Director,Oslo,Norway,+47 555 ${i},Software,"Met at conference ${i}"\n`;
    if (chunk.length > 1 << 20) {
      fs.writeSync(out, chunk);
      chunk = '';
    }
  }
  fs.writeSync(out, chunk);
  fs.closeSync(out);
  return file;
}

async function prepareCampaign(base: string) {
  const api = httpClient(base);
  await api.json('POST', '/api/auth/local', { email: 'bench@localhost' });
  const template = await api.json('POST', '/api/templates', {
    name: 'Bench',
    type: 'template',
    subjectTemplate: 'Hi {{ first_name }}',
    bodyTemplate: '<p>Hi {{ first_name }}</p>',
    variables: ['email', 'first_name', 'company', 'job_title'],
  });
  const mapping = { email: 'Email', first_name: 'First Name', company: 'Company', job_title: 'Job Title' };
  const campaign = await api.json('POST', '/api/campaigns', {
    name: 'Bench',
    templateId: template.id,
    columnMapping: mapping,
  });
  return { api, campaignId: campaign.id as number };
}

async function uploadFile(api: ReturnType<typeof httpClient>, campaignId: number, file: string) {
  const form = new FormData();
  form.append('csvFile', await fs.openAsBlob(file), 'bench.csv');
  const started = performance.now();
  const report = await api.json('POST', `/api/campaigns/${campaignId}/upload-csv`, form);
  return { seconds: (performance.now() - started) / 1000, imported: report.imported as number };
}

/**
 * The same rows as the import stores them (mapped columns plus the whole row as JSON), as COPY
 * input. Built before the clock starts: the baseline is the database's own best, nothing else.
 */
function copyInput(campaignId: number, file: string): string {
  const [header, ...rows] = Papa.parse<string[]>(fs.readFileSync(file, 'utf8'), {
    skipEmptyLines: true,
  }).data;
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  return `${rows
    .map((cells, i) => {
      const data: Record<string, string> = {};
      header!.forEach((h, j) => {
        data[h] = cells[j] ?? '';
      });
      return [
        campaignId,
        quote(cells[0]!),
        quote(cells[3]!),
        quote(cells[4]!),
        quote(JSON.stringify(data)),
        i + 2,
      ].join(',');
    })
    .join('\n')}\n`;
}

async function bareCopy(
  app: Awaited<ReturnType<typeof startBenchApp>>,
  campaignId: number,
  file: string,
): Promise<number> {
  const input = copyInput(campaignId, file);
  const sql =
    'COPY recipients (campaign_id, email, company, job_title, data, row_number) FROM STDIN WITH (FORMAT csv)';
  const driver = app.ctx.database.driver;
  const started = performance.now();
  if (driver.kind === 'pglite') {
    await driver.client.query(sql.replace('STDIN', "'/dev/blob'"), [], { blob: new Blob([input]) });
  } else {
    const client = await driver.pool.connect();
    try {
      await pipeline(Readable.from([input]), client.query(copyFrom(sql)));
    } finally {
      client.release();
    }
  }
  return (performance.now() - started) / 1000;
}

async function measure(kind: BenchDb) {
  const app = await startBenchApp(kind);
  try {
    const file = writeCsv(ROWS);
    const { api, campaignId } = await prepareCampaign(app.base);
    const warm = await prepareCampaign(app.base).catch(() => null);
    if (warm) await uploadFile(warm.api, warm.campaignId, writeCsv(5000));
    const upload = await uploadFile(api, campaignId, file);
    if (upload.imported !== ROWS) throw new Error(`imported ${upload.imported} of ${ROWS}`);
    const { campaignId: copyCampaign } = await prepareCampaign(app.base);
    const copySeconds = await bareCopy(app, copyCampaign, file);
    const importRate = ROWS / upload.seconds;
    const copyRate = ROWS / copySeconds;
    results.push(
      {
        metric: 'import_rows_per_s',
        db: kind,
        value: importRate,
        unit: 'rows/s',
        goal: kind === 'pglite' ? 25_000 : 50_000,
        higherIsBetter: true,
      },
      {
        metric: 'bare_copy_rows_per_s',
        db: kind,
        value: copyRate,
        unit: 'rows/s',
        goal: null,
        higherIsBetter: true,
      },
      {
        metric: 'import_vs_copy_ratio',
        db: kind,
        value: importRate / copyRate,
        unit: 'ratio',
        goal: 0.6,
        higherIsBetter: true,
      },
    );
  } finally {
    await app.close();
  }
}

/** A separate server process (so its memory is all ours to read) imports a 1,000,000-row file. */
async function peakRssMillionRows() {
  const rows = 1_000_000;
  const file = writeCsv(rows);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-bench-rss-'));
  const port = 23000 + (process.pid % 1000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', 'all'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      SECRET_KEY: 'bench-secret-key-that-is-long-enough-000',
      IMPORT_MAX_ROWS: String(rows + 1),
      IMPORT_MAX_BYTES: String(1024 * 1024 * 1024),
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntil(
      async () => (await fetch(`${base}/readyz`).catch(() => null))?.ok,
      60_000,
      'server ready',
    );
    const { api, campaignId } = await prepareCampaign(base);
    const upload = await uploadFile(api, campaignId, file);
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    results.push(
      {
        metric: 'import_1m_rows_peak_rss',
        db: 'pglite',
        value: peakKb / 1024,
        unit: 'MB',
        goal: 300,
        higherIsBetter: false,
      },
      {
        metric: 'import_1m_rows_per_s',
        db: 'pglite',
        value: upload.imported / upload.seconds,
        unit: 'rows/s',
        goal: null,
        higherIsBetter: true,
      },
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const kind of await benchDatabases()) await measure(kind);
if (!process.argv.includes('--skip-rss')) await peakRssMillionRows();
report('import', results);

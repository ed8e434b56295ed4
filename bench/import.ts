import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import { from as copyFrom } from 'pg-copy-streams';
import { httpClient, waitUntil } from '../test/support/http-client';
import { type BenchDb, benchDatabases, createBenchDatabase, startBenchApp } from './bench-app';
import { type BenchResult, report } from './support';

/**
 * CSV import end to end through the real upload endpoint (parse, validation, dedupe, storage)
 * for a 100,000-row, 10-column file, against a bare COPY of the same rows into the same table in
 * the same run; then the memory of `npm start` (peak while starting, idle after) and the peak
 * memory of a server process importing a 1,000,000-row file. `--skip-rss` runs the first part
 * only, `--rss-only` the memory parts, `--start-rss-only` the `npm start` part.
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
const execFileAsync = promisify(execFile);
const PRODUCTION_HEAP_CAP_MB = 256;

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

/**
 * Uploads with curl, in its own process as a browser would be: the client's work of sending the
 * file is not charged to the server's event loop.
 */
async function uploadFile(
  base: string,
  api: ReturnType<typeof httpClient>,
  campaignId: number,
  file: string,
) {
  const started = performance.now();
  const { stdout } = await execFileAsync(
    'curl',
    [
      '-sS',
      '-X',
      'POST',
      '-H',
      `cookie: ${api.cookie()}`,
      '-F',
      `csvFile=@${file};type=text/csv`,
      `${base}/api/campaigns/${campaignId}/upload-csv`,
    ],
    { maxBuffer: 1 << 24 },
  );
  const seconds = (performance.now() - started) / 1000;
  const report = JSON.parse(stdout);
  if (typeof report.imported !== 'number') throw new Error(`upload failed: ${stdout}`);
  return { seconds, imported: report.imported as number };
}

/**
 * The same rows as the import stores them (mapped columns plus the whole row as JSON), as COPY
 * input in text format (the fastest COPY accepts; the test data has no tab, newline or
 * backslash to escape). Built before the clock starts: the baseline is the database's own best.
 */
function copyInput(campaignId: number, file: string): string {
  const [header, ...rows] = Papa.parse<string[]>(fs.readFileSync(file, 'utf8'), {
    skipEmptyLines: true,
  }).data;
  return `${rows
    .map((cells, i) => {
      const data: Record<string, string> = {};
      header!.forEach((h, j) => {
        data[h] = cells[j] ?? '';
      });
      return [campaignId, cells[0], cells[3], cells[4], JSON.stringify(data), i + 2].join('\t');
    })
    .join('\n')}\n`;
}

/** A bare COPY of the rows into a second campaign of the same table, on the same database. */
async function bareCopy(
  app: Awaited<ReturnType<typeof startBenchApp>>,
  campaignId: number,
  file: string,
): Promise<number> {
  const input = copyInput(campaignId, file);
  const sql = 'COPY recipients (campaign_id, email, company, job_title, data, row_number) FROM STDIN';
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
    if (warm) await uploadFile(app.base, warm.api, warm.campaignId, writeCsv(5000));
    const upload = await uploadFile(app.base, api, campaignId, file);
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

/**
 * A separate server process (the built one, so its memory is all ours to read) imports a
 * 1,000,000-row file. On PostgreSQL the 300 MB goal is the whole process; PGlite runs the
 * database inside the process and idles at several hundred MB by itself, so for it the growth
 * over its idle size is reported next to the peak.
 */
async function peakRssMillionRows(kind: BenchDb, heapCapMb: number | null) {
  const rows = 1_000_000;
  const file = writeCsv(rows);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-bench-rss-'));
  const port = 23000 + (process.pid % 1000);
  const database = kind === 'postgres' ? await createBenchDatabase() : null;
  const child = spawn(process.execPath, ['dist/server/main.js', 'all'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      SECRET_KEY: 'bench-secret-key-that-is-long-enough-000',
      IMPORT_MAX_ROWS: String(rows + 1),
      IMPORT_MAX_BYTES: String(1024 * 1024 * 1024),
      LOG_LEVEL: 'warn',
      NODE_OPTIONS: heapCapMb ? `--max-old-space-size=${heapCapMb}` : '',
    },
    stdio: 'ignore',
  });
  const memory = (field: 'VmRSS' | 'VmHWM') =>
    Number(
      new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0,
    ) / 1024;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntil(
      async () => (await fetch(`${base}/readyz`).catch(() => null))?.ok,
      60_000,
      'server ready',
    );
    const { api, campaignId } = await prepareCampaign(base);
    const idle = memory('VmRSS');
    const upload = await uploadFile(base, api, campaignId, file);
    if (upload.imported !== rows) throw new Error(`imported ${upload.imported} of ${rows}`);
    const peak = memory('VmHWM');
    const suffix = heapCapMb ? `_heap_cap_${heapCapMb}` : '_no_heap_cap';
    results.push(
      {
        metric: `import_1m_rows_peak_rss${suffix}`,
        db: kind,
        value: peak,
        unit: 'MB',
        goal: kind === 'postgres' && heapCapMb ? 300 : null,
        higherIsBetter: false,
      },
      {
        metric: `import_1m_rows_rss_growth${suffix}`,
        db: kind,
        value: peak - idle,
        unit: 'MB',
        goal: null,
        higherIsBetter: false,
      },
      {
        metric: `import_1m_rows_per_s${suffix}`,
        db: kind,
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
    await database?.drop();
  }
}

/**
 * The built server started as `npm start` starts it (scripts/start.mjs: the 256 MB heap cap, role
 * `all`) on a new data folder, then again on the same folder: its resident memory sampled every
 * 100 ms from spawn until /readyz answers and for 10 s after. Peak is VmHWM, idle the RSS at the
 * end. On PGlite the database lives in the process, so these are what a user of the embedded
 * default sees; the first start also creates the database (from the build's template).
 */
async function npmStartRss(kind: BenchDb) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-bench-start-'));
  const database = kind === 'postgres' ? await createBenchDatabase() : null;
  const port = 25000 + (process.pid % 1000);
  const start = async (label: string) => {
    const child = spawn(process.execPath, ['--max-old-space-size=256', 'dist/server/main.js', 'all'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        NODE_OPTIONS: '',
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const memory = (field: 'VmRSS' | 'VmHWM') => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
    };
    // VmHWM is the peak; the samples only show its shape when a run looks wrong.
    const samples: number[] = [];
    const sampling = setInterval(() => samples.push(Math.round(memory('VmRSS'))), 100);
    try {
      const started = performance.now();
      await waitUntil(
        async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.ok,
        120_000,
        'server ready',
      );
      const readySeconds = (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      const idle = memory('VmRSS');
      const peak = memory('VmHWM');
      console.log(
        `${kind} ${label}: ready in ${readySeconds.toFixed(1)} s, RSS every 100 ms: ${samples.join(' ')}`,
      );
      results.push(
        {
          metric: `npm_start${label}_peak_rss`,
          db: kind,
          value: peak,
          unit: 'MB',
          goal: 500,
          higherIsBetter: false,
        },
        {
          metric: `npm_start${label}_idle_rss`,
          db: kind,
          value: idle,
          unit: 'MB',
          goal: 300,
          higherIsBetter: false,
        },
        {
          metric: `npm_start${label}_ready_s`,
          db: kind,
          value: readySeconds,
          unit: 's',
          goal: null,
          higherIsBetter: false,
        },
      );
    } finally {
      clearInterval(sampling);
      child.kill('SIGTERM');
      await exited;
    }
  };
  try {
    await start('');
    if (kind === 'pglite') await start('_again');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

if (!process.argv.some((arg) => arg === '--rss-only' || arg === '--start-rss-only'))
  for (const kind of await benchDatabases()) await measure(kind);
if (!process.argv.includes('--skip-rss')) {
  // Also makes the embedded database's template (dist/pglite-template) that `npm start` copies.
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  for (const kind of await benchDatabases()) await npmStartRss(kind);
  // Measured as the README runs production processes (a 256 MB JS heap cap) and without the cap:
  // the live set is small, but an uncapped V8 lets garbage pile up before collecting it.
  if (!process.argv.includes('--start-rss-only'))
    for (const kind of await benchDatabases()) {
      await peakRssMillionRows(kind, PRODUCTION_HEAP_CAP_MB);
      await peakRssMillionRows(kind, null);
    }
}
report('import', results);

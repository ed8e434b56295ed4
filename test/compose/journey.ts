// The self-hosting journey, run by test/compose/journey.sh (which prepares Podman and the base
// images): builds Tailor's image, measures its size and its start to healthy, brings
// deploy/compose.yaml up (PostgreSQL, two web processes, a worker), signs in, sends a campaign
// through a private Postfix on this machine, restarts the stack and finds everything still there.
// Prints the figures; exits non-zero on the first failed check.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freeLoopbackPort } from '../peers/mail-daemon';
import { type PrivatePostfix, postfixUnavailable, startPrivatePostfix } from '../peers/private-postfix';
import { httpClient, waitUntil } from '../support/http-client';

const ROOT = path.resolve(import.meta.dirname, '../..');
const COMPOSE_FILE = path.join(ROOT, 'deploy/compose.yaml');
const PROJECT = 'tailor-journey';
const TAG = 'journey';
const IMAGE = `localhost/tailor:${TAG}`;
const PEOPLE = ['ada', 'omar', 'priya'];

const started = Date.now();
const figures: string[] = [];
const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(
      `${cmd} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  return result.stdout.trim();
}
const podman = (...args: string[]) => run('podman', args);

async function main() {
  // podman-compose reads deploy/.env over the environment: an operator's file would replace the
  // journey's settings.
  if (fs.existsSync(path.join(ROOT, 'deploy/.env')))
    throw new Error('deploy/.env exists: move it aside while the journey runs');
  const unavailable = postfixUnavailable();
  if (unavailable) throw new Error(`the journey needs a private Postfix: ${unavailable}`);

  // 1. The image, as users build it.
  let t = Date.now();
  run('podman', ['build', '--format', 'docker', '--tag', IMAGE, '--build-arg', 'EXTRA_CA_CERTS', ROOT]);
  figures.push(`image build ${elapsed(t)}`);
  const bytes = Number(podman('image', 'inspect', '--format', '{{.Size}}', IMAGE));
  figures.push(`image size ${(bytes / 1e6).toFixed(0)} MB`);
  assert.ok(bytes < 300e6, `the image is ${bytes} bytes; the goal is under 300 MB`);
  await checkImageAlone();

  // 2. The compose stack, sending through a private Postfix on this machine. Containers reach it
  // through their bridge (Podman's networks are in 10.0.0.0/8), as host.containers.internal.
  const postfix = await startPrivatePostfix({ mailboxes: PEOPLE, clients: ['10.0.0.0/8'] });
  const [web1, web2] = [await freeLoopbackPort(), await freeLoopbackPort()];
  // Settings the compose file interpolates come from the environment; the app's other settings
  // from an env file, as an operator's deploy/.env.
  const envFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-journey-')), 'journey.env');
  fs.writeFileSync(
    envFile,
    [
      // Signing in without a provider, from outside the containers: for this test only.
      'LOCAL_SIGN_IN=true',
      `SMTP_URL=smtp://host.containers.internal:${postfix.port}`,
      'SMTP_STARTTLS=never',
      'MAIL_DOMAIN=tailor.test',
      'SEND_PACING=false',
    ].join('\n'),
  );
  const env = {
    TAILOR_TAG: TAG,
    TAILOR_ENV_FILE: envFile,
    SECRET_KEY: crypto.randomBytes(32).toString('base64'),
    POSTGRES_PASSWORD: crypto.randomBytes(12).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${web1}`,
    WEB1_PORT: String(web1),
    WEB2_PORT: String(web2),
  };
  const compose = (...args: string[]) =>
    run('podman-compose', ['-p', PROJECT, '-f', COMPOSE_FILE, ...args], env);
  try {
    compose('down', '--volumes');
    t = Date.now();
    compose('up', '-d');
    await waitHealthy(['web1', 'web2', 'worker', 'postgres']);
    figures.push(`compose up to all healthy ${elapsed(t)}`);

    const user = `maya-${crypto.randomBytes(3).toString('hex')}@tailor.test`;
    const first = await signIn(web1, user);
    const campaignId = await sendCampaign(first, 'Before the restart', postfix);
    // The second web process serves the same account: the session lives in the database.
    const throughWeb2 = httpClient(`http://127.0.0.1:${web2}`, first.cookie());
    assert.ok(
      (await campaignsOf(throughWeb2)).some((c) => c.id === campaignId),
      'web2 sees the campaign',
    );

    // 3. Restart: containers removed and made again, volumes kept.
    t = Date.now();
    compose('down');
    compose('up', '-d');
    await waitHealthy(['web1', 'web2', 'worker', 'postgres']);
    figures.push(`restart to all healthy ${elapsed(t)}`);
    const again = httpClient(`http://127.0.0.1:${web2}`, first.cookie());
    const campaign = (await campaignsOf(again)).find((c) => c.id === campaignId);
    assert.equal(
      campaign?.results?.sent,
      PEOPLE.length,
      'the sent campaign and its results survive a restart',
    );
    const emails = await again.json('GET', `/api/campaigns/${campaignId}/emails?limit=50`);
    assert.deepEqual(
      emails.items.map((e: { status: string }) => e.status),
      PEOPLE.map(() => 'sent'),
    );
    // Nothing was sent twice, and the restarted worker still sends.
    assert.equal((await postfix.messages()).length, PEOPLE.length);
    await sendCampaign(again, 'After the restart', postfix);
    assert.equal((await postfix.messages()).length, 2 * PEOPLE.length);
  } catch (err) {
    console.error(`Postfix's log:\n${postfix.maillog()}`);
    for (const service of ['web1', 'web2', 'worker', 'postgres']) {
      const logs = spawnSync('podman', ['logs', '--tail', '40', `${PROJECT}_${service}_1`], {
        encoding: 'utf8',
      });
      console.error(`--- ${service}:\n${logs.stdout}${logs.stderr}`);
    }
    throw err;
  } finally {
    spawnSync('podman-compose', ['-p', PROJECT, '-f', COMPOSE_FILE, 'down', '--volumes'], {
      env: { ...process.env, ...env },
    });
    await postfix.close();
    fs.rmSync(path.dirname(envFile), { recursive: true, force: true });
  }
  figures.push(`whole journey ${elapsed(started)}`);
  console.log(`Self-hosting journey passed: ${figures.join('; ')}`);
}

/**
 * The image on its own, as `podman run` starts it: the embedded database in a new /data volume,
 * a non-root user, healthy within 10 s, and commands passed through to the app.
 */
async function checkImageAlone() {
  assert.equal(podman('run', '--rm', '--entrypoint', 'id', IMAGE, '-u'), '10001', 'runs as a non-root user');
  const name = `tailor-journey-alone-${crypto.randomBytes(3).toString('hex')}`;
  const t = Date.now();
  podman('run', '-d', '--name', name, '-e', `SECRET_KEY=${crypto.randomBytes(32).toString('base64')}`, IMAGE);
  try {
    await waitUntil(
      async () => spawnSync('podman', ['healthcheck', 'run', name]).status === 0,
      120_000,
      'the image to report healthy',
    );
    const ms = Date.now() - t;
    figures.push(`start to healthy (embedded database, new volume) ${(ms / 1000).toFixed(1)} s`);
    // The goal is 10 s on an idle machine; the start costs about 9 CPU-seconds, so a busy one takes
    // longer. The journey fails beyond 30 s (START_TO_HEALTHY_LIMIT_MS), where a new data folder
    // no longer starts from the build's template (PGlite's own initdb instead).
    figures.push(ms < 10_000 ? 'within the 10 s goal' : 'over the 10 s goal');
    const limit = Number(process.env.START_TO_HEALTHY_LIMIT_MS ?? 30_000);
    assert.ok(ms < limit, `start to healthy took ${ms} ms; the limit is ${limit} ms`);
    assert.match(podman('logs', name), /database pglite/);
  } finally {
    spawnSync('podman', ['rm', '--force', '--volumes', name]);
  }
  // Any first argument reaches the app: here a command that says what it needs.
  const command = spawnSync('podman', ['run', '--rm', IMAGE, 'rotate-secret'], { encoding: 'utf8' });
  assert.equal(command.status, 2);
  assert.match(command.stderr, /rotate-secret needs OLD_SECRET_KEY/);
}

/**
 * Runs each container's health check until all pass. Podman schedules health checks with systemd
 * timers, which a CI container lacks, so the journey runs them itself: the same check, on demand.
 */
async function waitHealthy(services: string[]) {
  const pending = new Set(services);
  await waitUntil(
    async () => {
      for (const s of pending)
        if (spawnSync('podman', ['healthcheck', 'run', `${PROJECT}_${s}_1`]).status === 0) pending.delete(s);
      return pending.size === 0;
    },
    120_000,
    `${services.join(', ')} healthy`,
  );
}

async function signIn(port: number, email: string) {
  const client = httpClient(`http://127.0.0.1:${port}`);
  await client.json('POST', '/api/auth/local', { email });
  assert.match(client.cookie(), /^tailor_session=/);
  return client;
}

type Client = ReturnType<typeof httpClient>;
type CampaignRow = { id: number; results?: { sent: number } };
const campaignsOf = (client: Client) => client.json<CampaignRow[]>('GET', '/api/campaigns');

/** A fixed-template campaign to PEOPLE at Postfix's domain; resolves once Postfix delivered it. */
async function sendCampaign(client: Client, name: string, postfix: PrivatePostfix) {
  const before = new Set((await postfix.messages()).map((m) => m.path));
  const template = await client.json('POST', '/api/templates', {
    name: `${name} template`,
    type: 'template',
    subjectTemplate: 'Hello {{ first_name }}',
    bodyTemplate: '<p>Hi {{ first_name }}, shall we talk?</p>',
    variables: ['email', 'first_name'],
  });
  const campaign = await client.json('POST', '/api/campaigns', {
    name,
    templateId: template.id,
    columnMapping: { email: 'email', first_name: 'first_name' },
  });
  const form = new FormData();
  const csv = PEOPLE.map((p) => `${p}@${postfix.domain},${p}`).join('\n');
  form.append('csvFile', new Blob([`email,first_name\n${csv}\n`]), 'people.csv');
  assert.equal((await client.json('POST', `/api/campaigns/${campaign.id}/upload-csv`, form)).imported, 3);
  await (await client.request('POST', `/api/campaigns/${campaign.id}/generate-emails`)).text();
  await waitUntil(
    async () => {
      const { items } = await client.json('GET', `/api/campaigns/${campaign.id}/emails?limit=50`);
      return items.length === PEOPLE.length;
    },
    60_000,
    'the emails generated',
  );
  assert.equal((await client.json('POST', `/api/campaigns/${campaign.id}/approve-all`)).approved, 3);
  await client.json('POST', `/api/campaigns/${campaign.id}/send-approved`, {});
  await waitUntil(
    async () => (await postfix.messages()).length >= before.size + PEOPLE.length,
    60_000,
    `${PEOPLE.length} messages in Postfix's Maildirs`,
  );
  const delivered = (await postfix.messages()).filter((m) => !before.has(m.path));
  assert.deepEqual(delivered.map((m) => m.mailbox).sort(), [...PEOPLE].sort());
  for (const m of delivered) assert.match(m.raw, /^Subject: Hello (ada|omar|priya)$/m);
  return campaign.id as number;
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});

import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/contract/api';
import type { RouteDef } from '../src/contract/route';
import { emails, recipients } from '../src/server/db/schema';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { routeKey } from './security/route-table';
import { createCampaign, createReadyCampaign } from './support/factories';
import { waitUntil } from './support/http-client';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

/**
 * POSTs that do not honour Idempotency-Key, with why. Every other POST of the API table must be
 * marked `idempotencyKey: true` (src/contract/route.ts): a new POST fails the first test below
 * until it is marked or listed here.
 */
const NOT_IDEMPOTENT: Record<string, string> = {
  'POST /api/auth/local': 'signs in: each sign-in is a session of its own, nothing to answer twice',
  'POST /api/auth/logout': 'ends the session: doing it again changes nothing',
  'POST /api/auth/refresh-token':
    'slides the session: doing it again is harmless, and an old answer is no use',
  'POST /api/check-dns-records': 'reads DNS records: nothing is stored',
  'POST /api/templates/preview': 'renders a preview: nothing is stored',
  'POST /api/emails/:id/preview': 'renders a preview: nothing is stored',
  'POST /api/automap-columns': 'suggests a column mapping: nothing is stored',
  'POST /api/inbox/:id/suggestion': 'suggests an answer for the editor: nothing is sent or stored',
  'POST /api/templates/generate': 'writes a draft to read, stored nowhere: asking again asks for another',
  'POST /api/templates/generate-prompt':
    'writes a draft to read, stored nowhere: asking again asks for another',
  'POST /api/templates/generate-email':
    'writes a draft to read, stored nowhere: asking again asks for another',
  'POST /api/campaigns/:id/generate-emails':
    'answers an event stream, which cannot be kept; posting again follows the generation already running',
};

function entries(node: object): RouteDef[] {
  if ('method' in node && 'path' in node) return [node as RouteDef];
  return Object.values(node).flatMap((child) => entries(child));
}

const keyOf = (def: RouteDef) => routeKey({ method: def.method, url: def.path });
const NO_SUCH_ID = 2_147_483_000;

/** A CSV upload as a browser sends it, with the boundary the client chose. */
function upload(csv: string, boundary = `----${crypto.randomBytes(6).toString('hex')}`) {
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="columnMapping"\r\n\r\n{"email":"email"}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="r.csv"\r\n` +
    `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('which routes honour Idempotency-Key', () => {
  const posts = entries(api).filter((def) => def.method === 'POST');

  it('marks every POST that creates, changes or sends, and lists why the others do not', () => {
    const unmarked = posts.filter((def) => !def.idempotencyKey && !NOT_IDEMPOTENT[keyOf(def)]).map(keyOf);
    expect(
      unmarked,
      'mark each `idempotencyKey: true` in the API table, or list it in NOT_IDEMPOTENT',
    ).toEqual([]);
    // Listed means not marked, and only POSTs: PUT and DELETE are idempotent by their meaning.
    expect(posts.filter((def) => def.idempotencyKey && NOT_IDEMPOTENT[keyOf(def)]).map(keyOf)).toEqual([]);
    expect(entries(api).filter((def) => def.idempotencyKey && def.method !== 'POST')).toEqual([]);
    const known = new Set(posts.map(keyOf));
    expect(Object.keys(NOT_IDEMPOTENT).filter((key) => !known.has(key))).toEqual([]);
    // Every route that sends email honours a key.
    expect(posts.filter((def) => def.sends && !def.idempotencyKey).map(keyOf)).toEqual([]);
  });
});

describe.each(testDatabases())('Idempotency-Key on the routes (%s)', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  let cookie: string;
  let userId: number;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(kind, { SEND_PACING: 'false', JOB_MAINTENANCE_SECONDS: '1', SMTP_URL: sink.url });
    cookie = await t.signIn(`routes-${kind}@example.com`);
    userId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const post = (url: string, key: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, ...headers, ...(key !== null && { 'idempotency-key': key }) },
      ...(payload !== undefined && { payload: payload as string }),
    });

  it('checks the key on every route that honours it, before anything else, and ignores it elsewhere', async () => {
    const failures: string[] = [];
    for (const def of entries(api).filter((d) => d.method === 'POST')) {
      const url = def.path.replace(/:\w+/g, String(NO_SUCH_ID));
      // Signing out would end the session the other calls use.
      const headers: Record<string, string> = def.access === 'public' ? { cookie: '' } : {};
      const res = await post(url, 'clé', [], headers);
      const refused = res.statusCode === 400 && res.body.includes('Idempotency-Key');
      if (refused !== (def.idempotencyKey === true))
        failures.push(`${keyOf(def)} → ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('hashes an upload’s file into its request: the same file again is answered, another refused', async () => {
    const campaign = await createCampaign(t.ctx.db, userId, { name: 'Upload' });
    const url = `/api/campaigns/${campaign.id}/upload-csv`;
    const csv = 'email\nada@example.com\ngrace@example.com\n';
    const send = (key: string, file: ReturnType<typeof upload>) =>
      post(url, key, file.payload, { 'content-type': file.contentType });
    const idsOf = async () =>
      (
        await t.ctx.db
          .select({ id: recipients.id })
          .from(recipients)
          .where(eq(recipients.campaignId, campaign.id))
      )
        .map((r) => r.id)
        .sort();

    const key = crypto.randomUUID();
    const first = await send(key, upload(csv));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().imported).toBe(2);
    const imported = await idsOf();
    // Another boundary, the same file: the same request. An import replaces the recipients, so
    // ids that stay the same show it did not run again.
    const again = await send(key, upload(csv));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await idsOf()).toEqual(imported);
    const other = await send(key, upload('email\nlinus@example.com\n'));
    expect(other.statusCode).toBe(422);
    expect(await idsOf()).toEqual(imported);
  });

  it('sends a test email once for the same key twice, and again for a new key', async () => {
    const campaign = await createReadyCampaign(t.ctx.db, userId, 1);
    const [email] = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
    const url = `/api/emails/${email!.id}/test`;
    sink.reset();
    const key = crypto.randomUUID();
    const first = await post(url, key);
    const again = await post(url, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(sink.count()).toBe(1);
    expect((await post(url, crypto.randomUUID())).statusCode).toBe(200);
    expect(sink.count()).toBe(2);
  });

  it('sends a campaign’s approved emails once, and answers the retry with the first answer', async () => {
    const campaign = await createReadyCampaign(t.ctx.db, userId, 2);
    const url = `/api/campaigns/${campaign.id}/send-approved`;
    sink.reset();
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([post(url, key, {}), post(url, key, {})]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.body).toBe(b.body);
    expect(a.json().successCount).toBe(2);
    await waitUntil(
      async () => {
        const rows = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
        return rows.every((r) => r.status === 'sent');
      },
      30_000,
      'both emails sent',
    );
    const later = await post(url, key, {});
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.json().successCount).toBe(2);
    // Without the key, the same call finds nothing left to send: its own answer, not the first.
    const keyless = await post(url, null, {});
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().message).toBe('There are no approved emails to send');
    expect(sink.messages().filter((m) => m.envelope.to.some((to) => to.startsWith('r'))).length).toBe(2);
  });
});

/**
 * Copied into a checkout of the release and run there (make-upgrade-fixture.sh): writes every kind of row
 * through that release's own API, factories and services, sends through it, and prints a manifest
 * of what it wrote as JSON. Imports are relative to the release's root.
 */
import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { EMAIL_STATUSES } from '../src/contract/email-rules';
import { buildApp } from '../src/server/app';
import { sealTokens } from '../src/server/auth/provider-tokens';
import { closeContext, createContext } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import { emails, unsubscribes, users } from '../src/server/db/schema';
import { upsertUserFromIdentity } from '../src/server/queries/users';
import { parseRawMessage } from '../src/server/services/conversations/inbound-message';
import { recordInbound } from '../src/server/services/conversations/record-inbound';
import { createCampaignThroughApi, createTemplateThroughApi } from '../test/support/api-campaign';
import {
  createCampaign,
  createCampaignWithFollowUps,
  createReadyCampaign,
  createRecipientWithEmail,
  createSenderSettings,
} from '../test/support/factories';
import { httpClient } from '../test/support/http-client';

const config = loadConfig(
  { NODE_ENV: 'test', LOG_LEVEL: 'silent', COMPOSE_THREADS: '0', PUBLIC_URL: 'http://127.0.0.1:5999' },
  false,
);
const ctx = await createContext(config, 'all');
const app = await buildApp(ctx, { serveClient: false });
const db = ctx.db;

// A signed-in local user (users, sessions) and a Google user with sealed tokens (oauth_accounts).
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address() as { port: number };
const api = httpClient(`http://127.0.0.1:${address.port}`);
await api.json('POST', '/api/auth/local', { email: 'owner@example.com' });
const cookie = api.cookie();
const [owner] = await db.select().from(users).where(eq(users.email, 'owner@example.com'));
const userId = owner!.id;
await upsertUserFromIdentity(
  db,
  {
    provider: 'google',
    subject: 'g-release',
    email: 'g-release@example.com',
    firstName: 'Gia',
    lastName: null,
    profileImageUrl: null,
  },
  sealTokens(ctx, {
    accessToken: 'access-g',
    refreshToken: 'refresh-g',
    expiresAt: new Date(Date.now() + 3600_000),
    scopes: null,
  }),
);

// Sender profile and settings; a fixed template and an AI one; a campaign of two steps uploaded as a CSV.
await createSenderSettings(db, userId, { name: 'Olive Owner', companyName: 'Owner & Co', city: 'Leeds' });
const fixed = await createTemplateThroughApi(api, 'fixed');
const ai = await createTemplateThroughApi(api, 'ai');
const uploaded = await createCampaignThroughApi(api, {
  name: 'Uploaded campaign',
  templateId: fixed.id,
  count: 5,
  address: (i) => `upload-${i}@example.com`,
  steps: [{ delayDays: 3, businessDays: true, templateId: ai.id }],
});

// Approved drafts the upgrade test sends; a sequence with follow-ups waiting on two sent firsts.
const ready = await createReadyCampaign(db, userId, 3, { name: 'Ready to send' });
const sequence = await createCampaignWithFollowUps(db, userId, 3);
const firsts = await db
  .select({ id: emails.id })
  .from(emails)
  .where(and(eq(emails.campaignId, sequence.id), eq(emails.step, 1)))
  .orderBy(emails.recipientId);
for (const [i, first] of firsts.slice(0, 2).entries()) {
  await db
    .update(emails)
    .set({
      status: 'sent',
      sentAt: new Date('2026-11-20T10:00:00Z'),
      messageId: `<tailor.${['123.abc', '124.def'][i]}@mail.example.com>`,
    })
    .where(eq(emails.id, first.id));
}
await db.execute(
  sql`update emails set status = 'waiting' where campaign_id = ${sequence.id} and step = 2 and is_approved`,
);

// An email in every state, one with findings, and a suppression of each reason.
const states = await createCampaign(db, userId, { name: 'Every state', status: 'sending' });
for (const status of EMAIL_STATUSES) {
  const { email } = await createRecipientWithEmail(db, states, {
    email: `${status}@example.com`,
    status,
    ...(status === 'sent' && {
      sentAt: new Date('2026-11-21T09:00:00Z'),
      messageId: '<state-sent@mail.example.com>',
    }),
  });
  if (status === 'draft') {
    await db.execute(
      sql`update emails set findings = ${JSON.stringify([{ kind: 'ungrounded', severity: 'high', text: 'our 40 offices', message: 'Not in the row or the prompt' }])}::jsonb where id = ${email.id}`,
    );
  }
}
for (const reason of ['link', 'email request', 'bounced'] as const) {
  await db
    .insert(unsubscribes)
    .values({ userId, email: `gone-${reason.replace(' ', '-')}@example.com`, campaignId: states.id, reason });
}

// A reply read by the mailbox sync (inbound_messages, the conversation, the follow-up stopped).
const reply = await recordInbound(
  db,
  { userId, address: 'owner@example.com' },
  { key: 'release-reply-1', receivedAt: new Date('2026-11-22T08:00:00Z'), link: null },
  // (test/support/inbound.ts reads it through vitest's __dirname, which plain Node lacks)
  await parseRawMessage(fs.readFileSync('test/fixtures/inbound/gmail-reply.eml')),
);

// An open of a sent email, through the tracking pixel.
const [sentState] = await db
  .select()
  .from(emails)
  .where(and(eq(emails.campaignId, states.id), eq(emails.status, 'sent')));
await app.inject({
  method: 'GET',
  url: `/t/o/${sentState!.trackingToken}.gif`,
  headers: { 'user-agent': 'Mozilla/5.0' },
});

// One campaign sent through this release's queue (outbox, send quota, statistics).
const sentCampaign = await createReadyCampaign(db, userId, 2, { name: 'Sent by the release' });
const send = await app.inject({
  method: 'POST',
  url: `/api/campaigns/${sentCampaign.id}/send-approved`,
  headers: { cookie },
  payload: {},
});
if (send.statusCode !== 200) throw new Error(`send-approved: ${send.statusCode} ${send.body}`);
for (let i = 0; ; i++) {
  const left = await db.execute(
    sql`select count(*)::int as n from emails where campaign_id = ${sentCampaign.id} and status <> 'sent'`,
  );
  if ((left as unknown as { rows: { n: number }[] }).rows[0]!.n === 0) break;
  if (i > 600) throw new Error('the release did not send its campaign');
  await new Promise((r) => setTimeout(r, 100));
}

const counts = (await db.execute(sql`
  select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)) as unknown as {
  rows: { name: string }[];
};
const rows: Record<string, number> = {};
for (const { name } of counts.rows) {
  const r = (await db.execute(sql.raw(`select count(*)::int as n from "${name}"`))) as unknown as {
    rows: { n: number }[];
  };
  rows[name] = r.rows[0]!.n;
}
const sentEmails = (await db.execute(
  sql`select count(*)::int as n from emails where status = 'sent'`,
)) as unknown as { rows: { n: number }[] };
await app.close();
await closeContext(ctx);
console.log(
  JSON.stringify({
    cookie,
    userId,
    campaigns: { uploaded, ready: ready.id, sequence: sequence.id, states: states.id, sent: sentCampaign.id },
    statuses: EMAIL_STATUSES,
    replyRecorded: reply.recorded,
    sentEmails: sentEmails.rows[0]!.n,
    rows,
  }),
);
process.exit(0);

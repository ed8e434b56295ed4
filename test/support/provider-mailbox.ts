import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { emails, recipients } from '../../src/server/db/schema';
import { createReadyCampaign } from './factories';
import { waitUntil } from './http-client';
import type { TestApp } from './test-app';

/** A person's answer; threaded by its headers when `inReplyTo` is given. */
export function reply(opts: { from: string; to: string; inReplyTo?: string; id: string; text: string }) {
  return [
    `From: ${opts.from}`,
    `To: ${opts.to}`,
    'Subject: Re: Hello',
    `Message-ID: <${opts.id}@mail.example.org>`,
    ...(opts.inReplyTo ? [`In-Reply-To: ${opts.inReplyTo}`, `References: ${opts.inReplyTo}`] : []),
    'Date: Wed, 25 Nov 2026 10:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    opts.text,
    '',
  ].join('\r\n');
}

/** Sends a ready campaign of `count` emails through the signed-in user's mailbox; its rows once all are sent, by id. */
export async function sendCampaignThroughMailbox(t: TestApp, cookie: string, userId: number, count: number) {
  const campaign = await createReadyCampaign(t.ctx.db, userId, count);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/campaigns/${campaign.id}/send-approved`,
    headers: { cookie },
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return waitUntil(
    async () => {
      const rows = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
      return rows.every((r) => r.status === 'sent') ? rows.sort((a, b) => a.id - b.id) : false;
    },
    20_000,
    'the campaign sent',
  );
}

/** The address an email went to: a bounce report must name it to count against that email. */
export async function recipientAddressOf(t: TestApp, email: { recipientId: number }) {
  const [row] = await t.ctx.db
    .select({ address: recipients.email })
    .from(recipients)
    .where(eq(recipients.id, email.recipientId));
  return row!.address;
}

import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { emails } from '../../src/server/db/schema';
import { createReadyCampaign } from './factories';
import { waitUntil } from './http-client';
import type { TestApp } from './test-app';

/** The states a send ends in, one way or another. */
const SETTLED = ['sent', 'failed', 'unknown'];

/**
 * A one-recipient campaign of `userId`, sent with "send all approved" as the user would, and its
 * email once it settled (sent, failed or delivery unknown).
 */
export async function sendOneEmail(t: TestApp, cookie: string, userId: number) {
  const campaign = await createReadyCampaign(t.ctx.db, userId, 1);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/campaigns/${campaign.id}/send-approved`,
    headers: { cookie },
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  return waitUntil(
    async () => {
      const [row] = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
      return row && SETTLED.includes(row.status) ? row : false;
    },
    30_000,
    'the email settled',
  );
}

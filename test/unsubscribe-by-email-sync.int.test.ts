import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignStats, unsubscribes } from '../src/server/db/schema';
import { syncMailbox } from '../src/server/services/conversations/sync-mailbox';
import type { FakeMailProviders } from './fakes/mail-providers';
import { createCampaign, createRecipientWithEmail, defaultMailboxIdOf } from './support/factories';
import { emailedRequest } from './support/inbound';
import { startProviderApp } from './support/provider-app';
import { signInWithProvider } from './support/provider-sign-in';
import type { TestApp } from './support/test-app';

/** The same request arriving in a Gmail or Outlook inbox, found by the sync from its subject alone. */
describe.each([
  ['Gmail', 'google', 'gmail'],
  ['Outlook', 'microsoft', 'graph'],
] as const)('an emailed unsubscribe with its token through %s', (_name, provider, fake) => {
  let mail: FakeMailProviders;
  let t: TestApp;
  let userId: number;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const app = await startProviderApp();
    ({ mail, t, close } = app);
    ({ userId } = await signInWithProvider(t, app.oidc, provider, 'alice@example.com'));
  });
  afterAll(() => close?.());

  it('counts for the campaign of the email whose token it carries', async () => {
    const campaign = await createCampaign(t.ctx.db, userId);
    const { email } = await createRecipientWithEmail(t.ctx.db, campaign, {
      email: 'reader@example.org',
      status: 'sent',
      sentAt: new Date(),
      messageId: '<sent-sync@mail.example.com>',
    });
    await mail.deliver(
      fake,
      Buffer.from(
        emailedRequest(
          'Reader <reader@example.org>',
          'alice@example.com',
          `Re: unsubscribe ${email.trackingToken}`,
        ),
      ),
    );
    const key = `mailbox:${await defaultMailboxIdOf(t.ctx.db, userId)}`;
    expect(await syncMailbox(t.ctx, key, () => new Date())).toMatchObject({
      recorded: 1,
    });
    const [row] = await t.ctx.db.select().from(unsubscribes).where(eq(unsubscribes.userId, userId));
    expect(row).toMatchObject({ email: 'reader@example.org', campaignId: campaign.id, emailId: email.id });
    const [stats] = await t.ctx.db
      .select()
      .from(campaignStats)
      .where(eq(campaignStats.campaignId, campaign.id));
    expect(stats?.unsubscribes).toBe(1);
  });
});

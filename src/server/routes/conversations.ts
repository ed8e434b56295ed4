import { api } from '../../contract/api';
import { requireUser } from '../auth/require-user';
import type { AppContext } from '../context';
import { campaignRepliesOf, emailEventsOf } from '../services/conversations/email-events';
import { checkMailboxNow, syncStatusOf } from '../services/conversations/mailboxes';
import type { AppInstance } from './app-instance';
import { serve } from './serve';

/**
 * What the mailbox sync found (docs/product.md §12): one email's events, a campaign's replies,
 * and the user's mailbox sync with "Check now". Another user's ids are 404s.
 */
export function conversationRoutes(app: AppInstance, ctx: AppContext) {
  const signedIn = { preHandler: requireUser(ctx) };

  serve(app, api.emails.events, signedIn, (req) => emailEventsOf(ctx.db, req.user.id, req.params.id));
  serve(app, api.campaigns.replies, signedIn, (req) =>
    campaignRepliesOf(ctx.db, req.user.id, req.params.id, req.query.limit, req.query.offset),
  );
  serve(app, api.mailbox.syncStatus, signedIn, (req) => syncStatusOf(ctx, req.user.id, new Date()));
  serve(app, api.mailbox.syncNow, signedIn, (req) => checkMailboxNow(ctx, req.user.id));
}

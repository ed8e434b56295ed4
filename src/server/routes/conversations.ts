import { api } from '../../contract/api';
import type { AppContext } from '../context';
import { campaignRepliesOf, emailEventsOf } from '../services/conversations/email-events';
import { checkMailboxNow, syncStatusOf } from '../services/conversations/mailboxes';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/**
 * What the mailbox sync found (docs/product.md §12): one email's events, a campaign's replies,
 * and the user's mailbox sync with "Check now". Another user's ids are 404s.
 */
export function conversationRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);

  serve(api.emails.events, (req) => emailEventsOf(ctx.db, req.member.workspaceId, req.params.id));
  serve(api.campaigns.replies, (req) =>
    campaignRepliesOf(ctx.db, req.member.workspaceId, req.params.id, req.query.limit, req.query.offset),
  );
  serve(api.mailbox.syncStatus, (req) => syncStatusOf(ctx, req.user.id, new Date()));
  serve(api.mailbox.syncNow, (req) => checkMailboxNow(ctx, req.user.id));
}

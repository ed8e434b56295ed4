import { api } from '../../contract/api';
import type { AppContext } from '../context';
import { rescheduleEmails, unscheduleEmails } from '../services/bulk-schedule';
import { rawMessageOf, resolveUnknownEmail, sendEmailNow, updateEmail } from '../services/email-actions';
import { scheduledEmailsPage } from '../services/scheduled-emails';
import { approveAll, sendApproved } from '../services/sending/campaign-sending';
import { previewEmail } from '../services/sending/email-preview';
import { sendTestEmail } from '../services/sending/test-email';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/**
 * Email calls (docs/product.md §10), plus the campaign-wide approve and send. Ids are looked up in the
 * member's workspace.
 */
export function emailRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  const queue = ctx.sendQueue;
  const e = api.emails;

  serve(e.update, (req) =>
    updateEmail(ctx.db, req.member, req.params.id, req.body, { send: queue, checks: ctx.draftCheckQueue }),
  );
  serve(e.send, (req) => sendEmailNow(ctx.db, req.member, req.params.id, req.body?.scheduledFor, queue));
  serve(e.test, (req) => sendTestEmail(ctx, req.user, req.member.workspaceId, req.params.id));
  serve(e.preview, (req) => previewEmail(ctx, req.member.workspaceId, req.params.id));
  serve(e.previewEdit, (req) => previewEmail(ctx, req.member.workspaceId, req.params.id, req.body));
  serve(e.resolve, (req) => resolveUnknownEmail(ctx.db, req.member, req.params.id, req.body.action, queue));
  serve(e.raw, async (req, reply) => {
    const raw = await rawMessageOf(ctx.db, req.member.workspaceId, req.params.id);
    return reply
      .type('message/rfc822')
      .header('content-disposition', `inline; filename="email-${req.params.id}.eml"`)
      .send(raw);
  });
  serve(e.scheduled, (req) => scheduledEmailsPage(ctx.db, req.member.workspaceId, req.query));
  serve(e.unscheduleMany, (req) => unscheduleEmails(ctx.db, req.member.workspaceId, req.body.ids));
  serve(e.rescheduleMany, (req) =>
    rescheduleEmails(ctx.db, req.member, req.body.ids, req.body.scheduledFor, queue),
  );
  serve(api.campaigns.approveAll, (req) => approveAll(ctx.db, req.member, req.params.id, req.body ?? {}));
  serve(api.campaigns.sendApproved, (req) =>
    sendApproved(
      ctx.db,
      { member: req.member, timeZone: req.user.timeZone },
      req.params.id,
      req.body?.scheduledFor,
      queue,
    ),
  );
}

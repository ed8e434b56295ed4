import { api } from '../../contract/api';
import { requireUser } from '../auth/require-user';
import type { AppContext } from '../context';
import { rescheduleEmails, unscheduleEmails } from '../services/bulk-schedule';
import { rawMessageOf, resolveUnknownEmail, sendEmailNow, updateEmail } from '../services/email-actions';
import { scheduledEmailsPage } from '../services/scheduled-emails';
import { approveAll, sendApproved } from '../services/sending/campaign-sending';
import { previewEmail } from '../services/sending/email-preview';
import { sendTestEmail } from '../services/sending/test-email';
import type { AppInstance } from './app-instance';
import { serve } from './serve';

/**
 * Email calls (docs/product.md §10), plus the campaign-wide approve and send. Ids are looked up with their
 * owner.
 */
export function emailRoutes(app: AppInstance, ctx: AppContext) {
  const signedIn = { preHandler: requireUser(ctx) };
  const queue = ctx.sendQueue;
  const e = api.emails;

  serve(app, e.update, signedIn, (req) =>
    updateEmail(ctx.db, req.user.id, req.params.id, req.body, { send: queue, checks: ctx.draftCheckQueue }),
  );
  serve(app, e.send, signedIn, (req) =>
    sendEmailNow(ctx.db, req.user.id, req.params.id, req.body?.scheduledFor, queue),
  );
  serve(app, e.test, signedIn, (req) => sendTestEmail(ctx, req.user, req.params.id));
  serve(app, e.preview, signedIn, (req) => previewEmail(ctx, req.user.id, req.params.id));
  serve(app, e.previewEdit, signedIn, (req) => previewEmail(ctx, req.user.id, req.params.id, req.body));
  serve(app, e.resolve, signedIn, (req) =>
    resolveUnknownEmail(ctx.db, req.user.id, req.params.id, req.body.action, queue),
  );
  serve(app, e.raw, signedIn, async (req, reply) => {
    const raw = await rawMessageOf(ctx.db, req.user.id, req.params.id);
    return reply
      .type('message/rfc822')
      .header('content-disposition', `inline; filename="email-${req.params.id}.eml"`)
      .send(raw);
  });
  serve(app, e.scheduled, signedIn, (req) => scheduledEmailsPage(ctx.db, req.user.id, req.query));
  serve(app, e.unscheduleMany, signedIn, (req) => unscheduleEmails(ctx.db, req.user.id, req.body.ids));
  serve(app, e.rescheduleMany, signedIn, (req) =>
    rescheduleEmails(ctx.db, req.user.id, req.body.ids, req.body.scheduledFor, queue),
  );
  serve(app, api.campaigns.approveAll, signedIn, (req) =>
    approveAll(ctx.db, req.user.id, req.params.id, req.body ?? {}),
  );
  serve(app, api.campaigns.sendApproved, signedIn, (req) =>
    sendApproved(ctx.db, req.user, req.params.id, req.body?.scheduledFor, queue),
  );
}

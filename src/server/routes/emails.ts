import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { email } from '../../contract/campaigns';
import { idParams, page, pageQuery } from '../../contract/common';
import {
  approveAllReply,
  resolveEmailBody,
  scheduledEmail,
  sendApprovedReply,
  sendBody,
  sendEmailReply,
  sendTestReply,
  updateEmailBody,
} from '../../contract/emails';
import { requireUser } from '../auth/require-user';
import type { AppContext } from '../context';
import {
  listScheduledEmails,
  rawMessageOf,
  resolveUnknownEmail,
  sendEmailNow,
  updateEmail,
} from '../services/email-actions';
import { approveAll, sendApproved } from '../services/sending/campaign-sending';
import { sendTestEmail } from '../services/sending/test-email';
import type { AppInstance } from './app-instance';

/**
 * Email calls (docs/product.md §10), plus the campaign-wide approve and send. Ids are looked up with their
 * owner.
 */
export function emailRoutes(app: AppInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(ctx);
  const queue = ctx.sendQueue;

  r.put(
    '/api/emails/:id',
    { schema: { params: idParams, body: updateEmailBody, response: { 200: email } }, preHandler },
    (req) => updateEmail(ctx.db, req.user.id, req.params.id, req.body, queue),
  );
  r.post(
    '/api/emails/:id/send',
    {
      schema: { params: idParams, body: sendBody.nullish(), response: { 200: sendEmailReply } },
      preHandler,
    },
    (req) => sendEmailNow(ctx.db, req.user.id, req.params.id, req.body?.scheduledFor, queue),
  );
  r.post(
    '/api/emails/:id/test',
    { schema: { params: idParams, response: { 200: sendTestReply } }, preHandler },
    (req) => sendTestEmail(ctx, req.user, req.params.id),
  );
  r.post(
    '/api/emails/:id/resolve',
    { schema: { params: idParams, body: resolveEmailBody, response: { 200: email } }, preHandler },
    (req) => resolveUnknownEmail(ctx.db, req.user.id, req.params.id, req.body.action, queue),
  );
  r.get('/api/emails/:id/raw', { schema: { params: idParams }, preHandler }, async (req, reply) => {
    const raw = await rawMessageOf(ctx.db, req.user.id, req.params.id);
    return reply
      .type('message/rfc822')
      .header('content-disposition', `inline; filename="email-${req.params.id}.eml"`)
      .send(raw);
  });
  r.get(
    '/api/scheduled-emails',
    { schema: { querystring: pageQuery, response: { 200: page(scheduledEmail) } }, preHandler },
    (req) => listScheduledEmails(ctx.db, req.user.id, req.query.limit, req.query.offset),
  );
  r.post(
    '/api/campaigns/:id/approve-all',
    { schema: { params: idParams, response: { 200: approveAllReply } }, preHandler },
    (req) => approveAll(ctx.db, req.user.id, req.params.id),
  );
  r.post(
    '/api/campaigns/:id/send-approved',
    {
      schema: { params: idParams, body: sendBody.nullish(), response: { 200: sendApprovedReply } },
      preHandler,
    },
    (req) => sendApproved(ctx.db, req.user, req.params.id, req.body?.scheduledFor, queue),
  );
}

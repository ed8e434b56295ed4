import { email } from './campaigns';
import { idParams, page } from './common';
import { emailEvents } from './conversations';
import {
  emailPreview,
  emailTextBody,
  rescheduleEmailsBody,
  rescheduleEmailsReply,
  resolveEmailBody,
  scheduledEmail,
  scheduledEmailsQuery,
  sendBody,
  sendEmailReply,
  sendTestReply,
  unscheduleEmailsBody,
  unscheduleEmailsReply,
  updateEmailBody,
} from './emails';
import { route } from './route';

/** The API's calls on one email, and on scheduled emails in bulk: `api.emails` (api.ts). */
export const emailRoutes = {
  update: route({
    method: 'PUT',
    path: '/api/emails/:id',
    sends: true,
    access: 'reviewer',
    params: idParams,
    body: updateEmailBody,
    reply: email,
  }),
  send: route({
    method: 'POST',
    path: '/api/emails/:id/send',
    idempotencyKey: true,
    sends: true,
    access: 'sender',
    params: idParams,
    body: sendBody.nullish(),
    reply: sendEmailReply,
  }),
  test: route({
    method: 'POST',
    path: '/api/emails/:id/test',
    idempotencyKey: true,
    sends: true,
    access: 'sender',
    params: idParams,
    reply: sendTestReply,
  }),
  preview: route({
    method: 'GET',
    path: '/api/emails/:id/preview',
    access: 'viewer',
    params: idParams,
    reply: emailPreview,
  }),
  /** The email as it would leave with this subject and body, normalised as a save would; nothing is stored. */
  previewEdit: route({
    method: 'POST',
    path: '/api/emails/:id/preview',
    access: 'viewer',
    params: idParams,
    body: emailTextBody,
    reply: emailPreview,
  }),
  resolve: route({
    method: 'POST',
    path: '/api/emails/:id/resolve',
    idempotencyKey: true,
    sends: true,
    access: 'sender',
    params: idParams,
    body: resolveEmailBody,
    reply: email,
  }),
  /** Sent, opened, replies, auto-replies, bounces and unsubscribes of one email, oldest first. */
  events: route({
    method: 'GET',
    path: '/api/emails/:id/events',
    access: 'viewer',
    params: idParams,
    reply: emailEvents,
  }),
  /** The message as sent (message/rfc822). */
  raw: route({ method: 'GET', path: '/api/emails/:id/raw', access: 'viewer', params: idParams }),
  scheduled: route({
    method: 'GET',
    path: '/api/scheduled-emails',
    access: 'viewer',
    query: scheduledEmailsQuery,
    reply: page(scheduledEmail),
  }),
  /** Scheduled emails of the user among `ids` back to draft (the Scheduled Emails dialog's bulk action). */
  unscheduleMany: route({
    method: 'POST',
    path: '/api/emails/unschedule',
    idempotencyKey: true,
    access: 'sender',
    body: unscheduleEmailsBody,
    reply: unscheduleEmailsReply,
  }),
  /** Scheduled emails of the user among `ids` moved to one new time. */
  rescheduleMany: route({
    method: 'POST',
    path: '/api/emails/reschedule',
    idempotencyKey: true,
    sends: true,
    access: 'sender',
    body: rescheduleEmailsBody,
    reply: rescheduleEmailsReply,
  }),
} as const;

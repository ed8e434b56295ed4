import { z } from 'zod';
import { okReply, signInProviderParams } from './auth';
import { idParams } from './common';
import {
  campaignMailboxesBody,
  campaignMailboxesReply,
  createMailboxBody,
  mailbox,
  updateMailboxBody,
} from './mailboxes';
import { route } from './route';

/**
 * The signed-in person's mailboxes (`api.mailboxes`, api.ts): a mailbox is a person's, whichever
 * workspace's campaigns use it, so these need a sign-in, not a role; another person's mailbox id
 * answers 404. Which of them a campaign sends from is the campaign's (a sender's call).
 */
export const mailboxRoutes = {
  list: route({ method: 'GET', path: '/api/mailboxes', access: 'signed-in', reply: z.array(mailbox) }),
  /** Sets up a mailbox with its own SMTP (and IMAP) login, saved only after both logins succeed. */
  create: route({
    method: 'POST',
    path: '/api/mailboxes',
    idempotencyKey: true,
    access: 'signed-in',
    body: createMailboxBody,
    reply: mailbox,
  }),
  /** Changes a mailbox; a changed login is tested first, and a paused mailbox with a fixed login resumes. */
  update: route({
    method: 'PUT',
    path: '/api/mailboxes/:id',
    access: 'signed-in',
    params: idParams,
    body: updateMailboxBody,
    reply: mailbox,
  }),
  /** Resumes a mailbox Tailor paused (too many bounces in a day). */
  resume: route({
    method: 'POST',
    path: '/api/mailboxes/:id/resume',
    idempotencyKey: true,
    access: 'signed-in',
    params: idParams,
    reply: mailbox,
  }),
  /** Removes a mailbox that no email waits to leave from (and that is not the default). */
  remove: route({
    method: 'DELETE',
    path: '/api/mailboxes/:id',
    access: 'signed-in',
    params: idParams,
    reply: okReply,
  }),
  /**
   * Starts connecting another Google (`google`) or Microsoft (`outlook`) account as a mailbox, or
   * re-connecting one that needs it: a redirect to the provider, back through the sign-in callback.
   */
  connect: route({
    method: 'GET',
    path: '/api/mailboxes/connect/:provider',
    access: 'signed-in',
    params: signInProviderParams,
  }),
  campaignMailboxes: route({
    method: 'GET',
    path: '/api/campaigns/:id/mailboxes',
    access: 'viewer',
    params: idParams,
    reply: campaignMailboxesReply,
  }),
  setCampaignMailboxes: route({
    method: 'PUT',
    path: '/api/campaigns/:id/mailboxes',
    access: 'sender',
    params: idParams,
    body: campaignMailboxesBody,
    reply: campaignMailboxesReply,
  }),
};

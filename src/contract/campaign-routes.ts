import { z } from 'zod';
import { okReply } from './auth';
import {
  automapBody,
  automapReply,
  campaign,
  campaignDailyStats,
  campaignListItem,
  emailPage,
  emailPageQuery,
  importReport,
  recipient,
  saveCampaignBody,
} from './campaigns';
import { idParams, page, pageQuery } from './common';
import { campaignReplies } from './conversations';
import {
  approveAllBody,
  approveAllReply,
  openedEmails,
  openStats,
  sendApprovedReply,
  sendBody,
  unsubscriber,
} from './emails';
import { route } from './route';
import {
  campaignSequence,
  recipientParams,
  recipientSequence,
  regenerateStepBody,
  regenerateStepReply,
  stepStats,
  stopSequenceReply,
} from './sequences';

/** The API's calls on campaigns (their emails, recipients, figures and sequences): `api.campaigns` (api.ts). */
export const campaignRoutes = {
  list: route({
    method: 'GET',
    path: '/api/campaigns',
    access: 'viewer',
    reply: z.array(campaignListItem),
  }),
  archived: route({
    method: 'GET',
    path: '/api/campaigns/archived',
    access: 'viewer',
    reply: z.array(campaignListItem),
  }),
  get: route({
    method: 'GET',
    path: '/api/campaigns/:id',
    access: 'viewer',
    params: idParams,
    reply: campaign,
  }),
  create: route({
    method: 'POST',
    path: '/api/campaigns',
    idempotencyKey: true,
    access: 'sender',
    body: saveCampaignBody,
    reply: campaign,
  }),
  update: route({
    method: 'PUT',
    path: '/api/campaigns/:id',
    access: 'sender',
    params: idParams,
    body: saveCampaignBody,
    reply: campaign,
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/campaigns/:id',
    access: 'owner',
    params: idParams,
    reply: okReply,
  }),
  archive: route({
    method: 'POST',
    path: '/api/campaigns/:id/archive',
    idempotencyKey: true,
    access: 'sender',
    params: idParams,
    reply: campaign,
  }),
  restore: route({
    method: 'POST',
    path: '/api/campaigns/:id/restore',
    idempotencyKey: true,
    access: 'sender',
    params: idParams,
    reply: campaign,
  }),
  emails: route({
    method: 'GET',
    path: '/api/campaigns/:id/emails',
    access: 'viewer',
    params: idParams,
    query: emailPageQuery,
    reply: emailPage,
  }),
  recipients: route({
    method: 'GET',
    path: '/api/campaigns/:id/recipients',
    access: 'viewer',
    params: idParams,
    query: pageQuery,
    reply: page(recipient),
  }),
  dailyStats: route({
    method: 'GET',
    path: '/api/campaigns/:id/daily-stats',
    access: 'viewer',
    params: idParams,
    reply: campaignDailyStats,
  }),
  automap: route({
    method: 'POST',
    path: '/api/automap-columns',
    access: 'sender',
    body: automapBody,
    reply: automapReply,
  }),
  /** Multipart: the file as `csvFile`, the mapping as `columnMapping` (a JSON string). */
  uploadCsv: route({
    method: 'POST',
    path: '/api/campaigns/:id/upload-csv',
    idempotencyKey: true,
    access: 'sender',
    params: idParams,
    reply: importReport,
  }),
  /** Starts generation and answers a server-sent event stream of its progress. */
  generateEmails: route({
    method: 'POST',
    path: '/api/campaigns/:id/generate-emails',
    access: 'sender',
    params: idParams,
  }),
  approveAll: route({
    method: 'POST',
    path: '/api/campaigns/:id/approve-all',
    idempotencyKey: true,
    access: 'reviewer',
    params: idParams,
    body: approveAllBody.nullish(),
    reply: approveAllReply,
  }),
  sendApproved: route({
    method: 'POST',
    path: '/api/campaigns/:id/send-approved',
    idempotencyKey: true,
    sends: true,
    access: 'sender',
    params: idParams,
    body: sendBody.nullish(),
    reply: sendApprovedReply,
  }),
  openStats: route({
    method: 'GET',
    path: '/api/campaigns/:id/open-stats',
    access: 'viewer',
    params: idParams,
    reply: openStats,
  }),
  openedEmails: route({
    method: 'GET',
    path: '/api/campaigns/:id/opened-emails',
    access: 'viewer',
    params: idParams,
    reply: openedEmails,
  }),
  unsubscribers: route({
    method: 'GET',
    path: '/api/campaigns/:id/unsubscribers',
    access: 'viewer',
    params: idParams,
    reply: z.array(unsubscriber),
  }),
  /** Each recipient's place in the follow-up sequence. */
  sequence: route({
    method: 'GET',
    path: '/api/campaigns/:id/sequence',
    access: 'viewer',
    params: idParams,
    query: pageQuery,
    reply: campaignSequence,
  }),
  /** Writes one step's emails still in review again ("Regenerate this step"). */
  regenerateStep: route({
    method: 'POST',
    path: '/api/campaigns/:id/regenerate-step',
    idempotencyKey: true,
    access: 'sender',
    params: idParams,
    body: regenerateStepBody,
    reply: regenerateStepReply,
  }),
  /** Sends, replies, bounces and unsubscribes per step of the sequence. */
  stepStats: route({
    method: 'GET',
    path: '/api/campaigns/:id/step-stats',
    access: 'viewer',
    params: idParams,
    reply: stepStats,
  }),
  /** Stops one recipient's follow-ups that have not gone yet. */
  stopRecipient: route({
    method: 'POST',
    path: '/api/campaigns/:id/recipients/:recipientId/stop',
    idempotencyKey: true,
    access: 'sender',
    params: recipientParams,
    reply: recipientSequence,
  }),
  /** Stops every follow-up of the campaign that has not gone yet. */
  stopSequence: route({
    method: 'POST',
    path: '/api/campaigns/:id/sequence/stop',
    idempotencyKey: true,
    access: 'sender',
    params: idParams,
    reply: stopSequenceReply,
  }),
  /** People's replies to the campaign's emails, newest first. */
  replies: route({
    method: 'GET',
    path: '/api/campaigns/:id/replies',
    access: 'viewer',
    params: idParams,
    query: pageQuery,
    reply: campaignReplies,
  }),
  /** A CSV file of the campaign's unsubscribers. */
  exportUnsubscribers: route({
    method: 'GET',
    path: '/api/campaigns/:id/unsubscribers/export',
    access: 'owner',
    params: idParams,
  }),
} as const;

import { z } from 'zod';
import {
  analyticsOverview,
  dailyActivity,
  dailyActivityQuery,
  dailyEmailHistory,
  dailyEmailHistoryQuery,
  sentEmailsPage,
  sentEmailsQuery,
} from './analytics';
import { apiTokenRoutes } from './api-token-routes';
import {
  acceptTermsReply,
  currentUser,
  deleteAccountBody,
  doctorReport,
  localSignInBody,
  okReply,
  signInProviderParams,
  timeZoneBody,
} from './auth';
import { campaignRoutes } from './campaign-routes';
import { idParams } from './common';
import { mailboxSyncStatus, syncNowReply } from './conversations';
import { dashboardStats } from './dashboard';
import { emailRoutes } from './email-routes';
import { inboxRoutes } from './inbox-routes';
import { mailboxRoutes } from './mailbox-routes';
import { publicConfig } from './public-config';
import { route } from './route';
import {
  dailyEmailStats,
  dnsCheckBody,
  dnsCheckResult,
  saveSenderSettingsBody,
  senderSettings,
} from './settings';
import {
  activeCampaign,
  generateEmailBody,
  generateEmailReply,
  generateImageBody,
  generateImageReply,
  generatePromptBody,
  generatePromptReply,
  generateTemplateBody,
  generateTemplateReply,
  previewTemplateBody,
  previewTemplateReply,
  saveTemplateBody,
  template,
} from './templates';
import { webhookRoutes } from './webhook-routes';
import { workspaceRoutes } from './workspace-routes';

/**
 * Every call of the HTTP API under /api (docs/product.md §10): the server registers each route
 * from its entry and the client calls through it. Entries without `reply` answer something other
 * than JSON: a redirect, a file or an event stream.
 */
export const api = {
  auth: {
    /** Starts an OIDC sign-in: a redirect to the provider. */
    start: route({
      method: 'GET',
      path: '/api/auth/:provider',
      access: 'public',
      params: signInProviderParams,
    }),
    callback: route({
      method: 'GET',
      path: '/api/auth/:provider/callback',
      access: 'public',
      params: signInProviderParams,
    }),
    /** Where the client sends people after a 401: a redirect to the configured sign-in. */
    login: route({ method: 'GET', path: '/api/login', access: 'public' }),
    local: route({
      method: 'POST',
      path: '/api/auth/local',
      access: 'public',
      body: localSignInBody.nullish(),
      reply: okReply,
    }),
    /** Also for API tokens (read): who the token acts as. */
    user: route({
      method: 'GET',
      path: '/api/auth/user',
      access: 'signed-in',
      tokens: true,
      reply: currentUser,
    }),
    refreshToken: route({
      method: 'POST',
      path: '/api/auth/refresh-token',
      access: 'signed-in',
      reply: okReply,
    }),
    logout: route({ method: 'POST', path: '/api/auth/logout', access: 'public', reply: okReply }),
    acceptTerms: route({
      method: 'POST',
      path: '/api/auth/accept-terms',
      idempotencyKey: true,
      access: 'signed-in',
      reply: acceptTermsReply,
    }),
    timeZone: route({
      method: 'POST',
      path: '/api/auth/time-zone',
      idempotencyKey: true,
      access: 'signed-in',
      body: timeZoneBody,
      reply: okReply,
    }),
    /** Deletes the signed-in user's account and every row of theirs, and ends the session. */
    deleteAccount: route({
      method: 'DELETE',
      path: '/api/account',
      access: 'signed-in',
      body: deleteAccountBody,
      reply: okReply,
    }),
  },
  /** The deployment's doctor checks (operators only: 403 for everyone else). Reads only. */
  doctor: route({ method: 'GET', path: '/api/doctor', access: 'signed-in', reply: doctorReport }),
  publicConfig: route({ method: 'GET', path: '/api/public-config', access: 'public', reply: publicConfig }),

  /** This API described: the OpenAPI 3.1 document, and the same for people as a page (docs/api.md). */
  docs: {
    openapi: route({ method: 'GET', path: '/api/openapi.json', access: 'public' }),
    reference: route({ method: 'GET', path: '/api/reference', access: 'public' }),
  },
  dashboardStats: route({
    method: 'GET',
    path: '/api/dashboard/stats',
    access: 'viewer',
    reply: dashboardStats,
  }),

  settings: {
    sender: route({ method: 'GET', path: '/api/sender-settings', access: 'viewer', reply: senderSettings }),
    saveSender: route({
      method: 'POST',
      path: '/api/sender-settings',
      idempotencyKey: true,
      access: 'sender',
      body: saveSenderSettingsBody,
      reply: senderSettings,
    }),
    checkDns: route({
      method: 'POST',
      path: '/api/check-dns-records',
      access: 'viewer',
      body: dnsCheckBody,
      reply: dnsCheckResult,
    }),
    dailyStats: route({
      method: 'GET',
      path: '/api/daily-email-stats',
      access: 'viewer',
      reply: dailyEmailStats,
    }),
    dailyHistory: route({
      method: 'GET',
      path: '/api/daily-email-stats/history',
      access: 'viewer',
      query: dailyEmailHistoryQuery,
      reply: dailyEmailHistory,
    }),
    /** A CSV file of everything the user has. */
    exportData: route({ method: 'GET', path: '/api/export-data', access: 'owner' }),
  },

  templates: {
    list: route({ method: 'GET', path: '/api/templates', access: 'viewer', reply: z.array(template) }),
    archived: route({
      method: 'GET',
      path: '/api/templates/archived',
      access: 'viewer',
      reply: z.array(template),
    }),
    create: route({
      method: 'POST',
      path: '/api/templates',
      idempotencyKey: true,
      access: 'sender',
      body: saveTemplateBody,
      reply: template,
    }),
    update: route({
      method: 'PUT',
      path: '/api/templates/:id',
      access: 'sender',
      params: idParams,
      body: saveTemplateBody,
      reply: template,
    }),
    remove: route({
      method: 'DELETE',
      path: '/api/templates/:id',
      access: 'owner',
      params: idParams,
      reply: okReply,
    }),
    archive: route({
      method: 'POST',
      path: '/api/templates/:id/archive',
      idempotencyKey: true,
      access: 'sender',
      params: idParams,
      reply: template,
    }),
    restore: route({
      method: 'POST',
      path: '/api/templates/:id/restore',
      idempotencyKey: true,
      access: 'sender',
      params: idParams,
      reply: template,
    }),
    activeCampaigns: route({
      method: 'GET',
      path: '/api/templates/:id/active-campaigns',
      access: 'viewer',
      params: idParams,
      reply: z.array(activeCampaign),
    }),
    generate: route({
      method: 'POST',
      path: '/api/templates/generate',
      access: 'sender',
      body: generateTemplateBody,
      reply: generateTemplateReply,
    }),
    generatePrompt: route({
      method: 'POST',
      path: '/api/templates/generate-prompt',
      access: 'sender',
      body: generatePromptBody,
      reply: generatePromptReply,
    }),
    generateEmail: route({
      method: 'POST',
      path: '/api/templates/generate-email',
      access: 'sender',
      body: generateEmailBody,
      reply: generateEmailReply,
    }),
    preview: route({
      method: 'POST',
      path: '/api/templates/preview',
      access: 'viewer',
      body: previewTemplateBody,
      reply: previewTemplateReply,
    }),
    generateImage: route({
      method: 'POST',
      path: '/api/generate-image',
      idempotencyKey: true,
      access: 'sender',
      body: generateImageBody,
      reply: generateImageReply,
    }),
  },

  campaigns: campaignRoutes,

  emails: emailRoutes,

  /** The mailbox where the signed-in user's replies arrive (docs/product.md §12). */
  mailbox: {
    syncStatus: route({
      method: 'GET',
      path: '/api/mailbox/sync-status',
      access: 'signed-in',
      reply: mailboxSyncStatus,
    }),
    /** "Check now": queue a sync at once. */
    syncNow: route({
      method: 'POST',
      path: '/api/mailbox/sync',
      idempotencyKey: true,
      access: 'signed-in',
      reply: syncNowReply,
    }),
  },

  inbox: inboxRoutes,

  workspaces: workspaceRoutes,

  apiTokens: apiTokenRoutes,

  webhooks: webhookRoutes,

  mailboxes: mailboxRoutes,

  analytics: {
    overview: route({
      method: 'GET',
      path: '/api/analytics/overview',
      access: 'viewer',
      reply: analyticsOverview,
    }),
    daily: route({
      method: 'GET',
      path: '/api/analytics/daily',
      access: 'viewer',
      query: dailyActivityQuery,
      reply: dailyActivity,
    }),
    sentEmails: route({
      method: 'GET',
      path: '/api/analytics/sent-emails',
      access: 'viewer',
      query: sentEmailsQuery,
      reply: sentEmailsPage,
    }),
  },
} as const;

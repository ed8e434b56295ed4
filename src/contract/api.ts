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
import { campaignReplies, mailboxSyncStatus, syncNowReply } from './conversations';
import { dashboardStats } from './dashboard';
import { emailRoutes } from './email-routes';
import {
  approveAllBody,
  approveAllReply,
  openedEmails,
  openStats,
  sendApprovedReply,
  sendBody,
  unsubscriber,
} from './emails';
import { publicConfig } from './public-config';
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
import {
  acceptInvitationBody,
  acceptInvitationReply,
  auditPageReply,
  auditQuery,
  changeRoleBody,
  createdInvitation,
  createWorkspaceBody,
  invitation,
  inviteBody,
  member,
  updateWorkspaceBody,
  workspaceMembership,
} from './workspaces';

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
    user: route({ method: 'GET', path: '/api/auth/user', access: 'signed-in', reply: currentUser }),
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
      access: 'signed-in',
      reply: acceptTermsReply,
    }),
    timeZone: route({
      method: 'POST',
      path: '/api/auth/time-zone',
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
      access: 'sender',
      params: idParams,
      reply: template,
    }),
    restore: route({
      method: 'POST',
      path: '/api/templates/:id/restore',
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
      access: 'sender',
      body: generateImageBody,
      reply: generateImageReply,
    }),
  },

  campaigns: {
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
      access: 'sender',
      params: idParams,
      reply: campaign,
    }),
    restore: route({
      method: 'POST',
      path: '/api/campaigns/:id/restore',
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
      access: 'reviewer',
      params: idParams,
      body: approveAllBody.nullish(),
      reply: approveAllReply,
    }),
    sendApproved: route({
      method: 'POST',
      path: '/api/campaigns/:id/send-approved',
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
      access: 'sender',
      params: recipientParams,
      reply: recipientSequence,
    }),
    /** Stops every follow-up of the campaign that has not gone yet. */
    stopSequence: route({
      method: 'POST',
      path: '/api/campaigns/:id/sequence/stop',
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
  },

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
    syncNow: route({ method: 'POST', path: '/api/mailbox/sync', access: 'signed-in', reply: syncNowReply }),
  },

  workspaces: {
    /** The workspaces the signed-in person belongs to, with their role in each. */
    list: route({
      method: 'GET',
      path: '/api/workspaces',
      access: 'signed-in',
      reply: z.array(workspaceMembership),
    }),
    create: route({
      method: 'POST',
      path: '/api/workspaces',
      access: 'signed-in',
      body: createWorkspaceBody,
      reply: workspaceMembership,
    }),
    /** Renames the workspace, or turns four-eyes approval on or off. */
    update: route({
      method: 'PUT',
      path: '/api/workspace',
      access: 'owner',
      body: updateWorkspaceBody,
      reply: workspaceMembership,
    }),
    members: route({
      method: 'GET',
      path: '/api/workspace/members',
      access: 'viewer',
      reply: z.array(member),
    }),
    changeRole: route({
      method: 'PUT',
      path: '/api/workspace/members/:id',
      access: 'owner',
      params: idParams,
      body: changeRoleBody,
      reply: member,
    }),
    /** Removes a member: their mailbox stops sending for the workspace at once; what they made stays. */
    removeMember: route({
      method: 'DELETE',
      path: '/api/workspace/members/:id',
      access: 'owner',
      params: idParams,
      reply: okReply,
    }),
    /** The workspace's record of who did what, newest first. */
    audit: route({
      method: 'GET',
      path: '/api/workspace/audit',
      access: 'owner',
      query: auditQuery,
      reply: auditPageReply,
    }),
    /** The whole record as a CSV file, oldest first (the export is itself recorded). */
    exportAudit: route({ method: 'GET', path: '/api/workspace/audit/export', access: 'owner' }),
    invitations: route({
      method: 'GET',
      path: '/api/workspace/invitations',
      access: 'owner',
      reply: z.array(invitation),
    }),
    invite: route({
      method: 'POST',
      path: '/api/workspace/invitations',
      access: 'owner',
      body: inviteBody,
      reply: createdInvitation,
    }),
    revokeInvitation: route({
      method: 'DELETE',
      path: '/api/workspace/invitations/:id',
      access: 'owner',
      params: idParams,
      reply: okReply,
    }),
    /** Joins the workspace an invitation link names, when signed in with the address it was sent to. */
    accept: route({
      method: 'POST',
      path: '/api/invitations/accept',
      access: 'signed-in',
      body: acceptInvitationBody,
      reply: acceptInvitationReply,
    }),
  },

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

import { z } from 'zod';
import { okReply } from './auth';
import { idParams } from './common';
import { route } from './route';
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

/** The API's calls on workspaces, their members, invitations and record: `api.workspaces` (api.ts). */
export const workspaceRoutes = {
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
    idempotencyKey: true,
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
    idempotencyKey: true,
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
    idempotencyKey: true,
    access: 'signed-in',
    body: acceptInvitationBody,
    reply: acceptInvitationReply,
  }),
} as const;

import { api } from '../../contract/api';
import type { AppContext } from '../context';
import {
  changeMember,
  changeWorkspace,
  createWorkspace,
  invite,
  joinWithInvitation,
  membersOf,
  pendingInvitations,
  revokeInvitation,
  workspacesOf,
} from '../services/workspaces';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/** Workspaces, their members and invitations; the roles each call needs are in the API table. */
export function workspaceRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  const w = api.workspaces;
  const now = () => ctx.clock();

  serve(w.list, (req) => workspacesOf(ctx.db, req.user.id));
  serve(w.create, (req) => createWorkspace(ctx.db, req.user.id, req.body.name));
  serve(w.update, (req) => changeWorkspace(ctx.db, req.member, req.body));
  serve(w.members, (req) => membersOf(ctx.db, req.member.workspaceId));
  serve(w.changeRole, async (req) => (await changeMember(ctx.db, req.member, req.params.id, req.body.role))!);
  serve(w.removeMember, async (req) => {
    await changeMember(ctx.db, req.member, req.params.id, null);
    return { ok: true as const };
  });
  serve(w.invitations, (req) => pendingInvitations(ctx.db, req.member.workspaceId, now()));
  serve(w.invite, (req) => invite(ctx.db, req.member, req.body, ctx.config.publicUrl, now()));
  serve(w.revokeInvitation, async (req) => {
    await revokeInvitation(ctx.db, req.member, req.params.id);
    return { ok: true as const };
  });
  serve(w.accept, (req) => joinWithInvitation(ctx.db, req.user, req.body.token, now()));
}

import { api } from '../../contract/api';
import type { AppContext } from '../context';
import { campaignMailboxesOf, setCampaignMailboxes } from '../services/campaign-mailboxes';
import {
  createMailbox,
  listMailboxes,
  removeMailbox,
  resumeMailbox,
  updateMailbox,
} from '../services/mailboxes';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/** A person's mailboxes, and which of them a campaign sends from; access per call in the API table. */
export function mailboxRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  const m = api.mailboxes;
  serve(m.list, (req) => listMailboxes(ctx.db, req.user));
  serve(m.create, (req) => createMailbox(ctx, req.user, req.body));
  serve(m.update, (req) => updateMailbox(ctx, req.user, req.params.id, req.body));
  serve(m.resume, (req) => resumeMailbox(ctx, req.user, req.params.id));
  serve(m.remove, async (req) => {
    await removeMailbox(ctx, req.user, req.params.id);
    return { ok: true as const };
  });
  serve(m.campaignMailboxes, (req) => campaignMailboxesOf(ctx.db, req.member, req.params.id));
  serve(m.setCampaignMailboxes, (req) =>
    setCampaignMailboxes(ctx.db, req.member, req.params.id, req.body.mailboxIds),
  );
}

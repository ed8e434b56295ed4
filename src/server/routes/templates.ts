import { api } from '../../contract/api';
import type { AppContext } from '../context';
import {
  generateEditorImage,
  generateEmailPreview,
  generatePromptDraft,
  generateTemplateDraft,
  previewTemplate,
} from '../services/template-ai';
import {
  archiveTemplate,
  createTemplate,
  editTemplate,
  listActiveTemplates,
  listArchivedTemplates,
  removeTemplate,
  templateActiveCampaigns,
} from '../services/templates';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/**
 * Template calls (docs/product.md §10). Every id is looked up together with the signed-in owner: others'
 * ids are 404.
 */
export function templateRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  const t = api.templates;

  serve(t.list, (req) => listActiveTemplates(ctx.db, req.member.workspaceId));
  serve(t.archived, (req) => listArchivedTemplates(ctx.db, req.member.workspaceId));
  serve(t.create, (req) => createTemplate(ctx.db, req.member, req.body));
  serve(t.update, (req) => editTemplate(ctx.db, req.member.workspaceId, req.params.id, req.body));
  serve(t.remove, async (req) => {
    await removeTemplate(ctx.db, req.member, req.params.id);
    return { ok: true as const };
  });
  serve(t.archive, (req) => archiveTemplate(ctx.db, req.member.workspaceId, req.params.id, true));
  serve(t.restore, (req) => archiveTemplate(ctx.db, req.member.workspaceId, req.params.id, false));
  serve(t.activeCampaigns, (req) => templateActiveCampaigns(ctx.db, req.member.workspaceId, req.params.id));

  serve(t.generate, (req) => generateTemplateDraft(ctx.db, ctx.ai, req.member, req.body));
  serve(t.generatePrompt, (req) => generatePromptDraft(ctx.db, ctx.ai, req.member, req.body));
  serve(t.generateEmail, (req) => generateEmailPreview(ctx.db, ctx.ai, req.member, req.body));
  serve(t.preview, (req) => previewTemplate(req.body));
  serve(t.generateImage, (req) =>
    generateEditorImage(ctx.db, ctx.ai, req.user.id, req.body.prompt, ctx.config.publicUrl),
  );
}

import { api } from '../../contract/api';
import { requireUser } from '../auth/require-user';
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
import { serve } from './serve';

/**
 * Template calls (docs/product.md §10). Every id is looked up together with the signed-in owner: others'
 * ids are 404.
 */
export function templateRoutes(app: AppInstance, ctx: AppContext) {
  const signedIn = { preHandler: requireUser(ctx) };
  const t = api.templates;

  serve(app, t.list, signedIn, (req) => listActiveTemplates(ctx.db, req.user.id));
  serve(app, t.archived, signedIn, (req) => listArchivedTemplates(ctx.db, req.user.id));
  serve(app, t.create, signedIn, (req) => createTemplate(ctx.db, req.user.id, req.body));
  serve(app, t.update, signedIn, (req) => editTemplate(ctx.db, req.user.id, req.params.id, req.body));
  serve(app, t.remove, signedIn, async (req) => {
    await removeTemplate(ctx.db, req.user.id, req.params.id);
    return { ok: true as const };
  });
  serve(app, t.archive, signedIn, (req) => archiveTemplate(ctx.db, req.user.id, req.params.id, true));
  serve(app, t.restore, signedIn, (req) => archiveTemplate(ctx.db, req.user.id, req.params.id, false));
  serve(app, t.activeCampaigns, signedIn, (req) =>
    templateActiveCampaigns(ctx.db, req.user.id, req.params.id),
  );

  serve(app, t.generate, signedIn, (req) => generateTemplateDraft(ctx.db, ctx.ai, req.user, req.body));
  serve(app, t.generatePrompt, signedIn, (req) => generatePromptDraft(ctx.db, ctx.ai, req.user, req.body));
  serve(app, t.generateEmail, signedIn, (req) => generateEmailPreview(ctx.db, ctx.ai, req.user, req.body));
  serve(app, t.preview, signedIn, (req) => previewTemplate(req.body));
  serve(app, t.generateImage, signedIn, (req) =>
    generateEditorImage(ctx.db, ctx.ai, req.user.id, req.body.prompt, ctx.config.publicUrl),
  );
}

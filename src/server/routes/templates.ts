import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okReply } from '../../contract/auth';
import { idParams } from '../../contract/common';
import {
  activeCampaign,
  generateEmailBody,
  generateEmailReply,
  generatePromptBody,
  generatePromptReply,
  generateTemplateBody,
  generateTemplateReply,
  previewTemplateBody,
  previewTemplateReply,
  saveTemplateBody,
  template,
} from '../../contract/templates';
import { requireUser } from '../auth/require-user';
import type { AppContext } from '../context';
import {
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

/**
 * Template calls (docs/product.md §10). Every id is looked up together with the signed-in owner: others'
 * ids are 404.
 */
export function templateRoutes(app: AppInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(ctx);
  const list = { 200: z.array(template) };

  r.get('/api/templates', { schema: { response: list }, preHandler }, (req) =>
    listActiveTemplates(ctx.db, req.user.id),
  );
  r.get('/api/templates/archived', { schema: { response: list }, preHandler }, (req) =>
    listArchivedTemplates(ctx.db, req.user.id),
  );

  r.post(
    '/api/templates',
    { schema: { body: saveTemplateBody, response: { 200: template } }, preHandler },
    (req) => createTemplate(ctx.db, req.user.id, req.body),
  );
  r.put(
    '/api/templates/:id',
    { schema: { params: idParams, body: saveTemplateBody, response: { 200: template } }, preHandler },
    (req) => editTemplate(ctx.db, req.user.id, req.params.id, req.body),
  );
  r.delete(
    '/api/templates/:id',
    { schema: { params: idParams, response: { 200: okReply } }, preHandler },
    async (req) => {
      await removeTemplate(ctx.db, req.user.id, req.params.id);
      return { ok: true as const };
    },
  );
  r.post(
    '/api/templates/:id/archive',
    { schema: { params: idParams, response: { 200: template } }, preHandler },
    (req) => archiveTemplate(ctx.db, req.user.id, req.params.id, true),
  );
  r.post(
    '/api/templates/:id/restore',
    { schema: { params: idParams, response: { 200: template } }, preHandler },
    (req) => archiveTemplate(ctx.db, req.user.id, req.params.id, false),
  );
  r.get(
    '/api/templates/:id/active-campaigns',
    { schema: { params: idParams, response: { 200: z.array(activeCampaign) } }, preHandler },
    (req) => templateActiveCampaigns(ctx.db, req.user.id, req.params.id),
  );

  r.post(
    '/api/templates/generate',
    { schema: { body: generateTemplateBody, response: { 200: generateTemplateReply } }, preHandler },
    (req) => generateTemplateDraft(ctx.ai, req.body),
  );
  r.post(
    '/api/templates/generate-prompt',
    { schema: { body: generatePromptBody, response: { 200: generatePromptReply } }, preHandler },
    (req) => generatePromptDraft(ctx.ai, req.body),
  );
  r.post(
    '/api/templates/generate-email',
    { schema: { body: generateEmailBody, response: { 200: generateEmailReply } }, preHandler },
    (req) => generateEmailPreview(ctx.ai, req.body),
  );
  r.post(
    '/api/templates/preview',
    { schema: { body: previewTemplateBody, response: { 200: previewTemplateReply } }, preHandler },
    (req) => previewTemplate(req.body),
  );
}

import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { readEditorImage } from '../services/template-ai';
import type { AppInstance } from './app-instance';

export function imageRoutes(app: AppInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: recipients' mail clients fetch these images without any cookie.
  r.get(
    '/i/:token',
    { schema: { params: z.object({ token: z.string().regex(/^[\w-]{10,64}$/) }) } },
    async (req, reply) => {
      const image = await readEditorImage(ctx.db, req.params.token);
      return (
        reply
          .type(image.mediaType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          // Webmail shows these from its own origin; helmet's same-origin default would block them.
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('content-security-policy', "default-src 'none'")
          .send(image.bytes)
      );
    },
  );
}

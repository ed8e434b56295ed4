import { api } from '../../contract/api';
import type { AppContext } from '../context';
import { beginGeneration, beginStepRegeneration } from '../services/generation';
import { readGenerationEvent } from '../services/generation-progress';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

const POLL_MS = 250;
const KEEP_ALIVE_MS = 15_000;

/**
 * POST /api/campaigns/:id/generate-emails starts generation (a job does the work) and answers a
 * server-sent event stream of progress read from the database. Closing the stream stops only the
 * stream; posting again while it runs resumes following it.
 */
export function generationRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  serve(api.campaigns.regenerateStep, async (req) => {
    const deps = { db: ctx.db, ai: ctx.ai, aiConcurrency: ctx.config.ai?.concurrency ?? 8 };
    const regeneration = await beginStepRegeneration(deps, req.member, req.params.id, req.body.step);
    await ctx.generationQueue.start(regeneration.ids);
    return { regenerating: regeneration.deleted };
  });

  serve(api.campaigns.generateEmails, async (req, reply) => {
    const { workspaceId } = req.member;
    const campaignId = req.params.id;
    const deps = { db: ctx.db, ai: ctx.ai, aiConcurrency: ctx.config.ai?.concurrency ?? 8 };
    // Validation errors answer as plain JSON errors, before the stream starts.
    const started = await beginGeneration(deps, req.member, campaignId);
    if (started) await ctx.generationQueue.start(started);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': req.id,
    });
    let open = true;
    req.raw.on('close', () => {
      open = false;
    });
    let previous: string | null = null;
    let lastWrite = Date.now();
    try {
      while (open) {
        const next = await readGenerationEvent(ctx.db, workspaceId, campaignId, previous);
        if (next) {
          res.write(`event: ${next.event.event}\ndata: ${JSON.stringify(next.event.data)}\n\n`);
          previous = next.key;
          lastWrite = Date.now();
          if (next.final) break;
        } else if (Date.now() - lastWrite > KEEP_ALIVE_MS) {
          res.write(': keep-alive\n\n');
          lastWrite = Date.now();
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch (err) {
      req.log.error({ err }, 'generation stream failed');
      if (open)
        res.write(
          `event: error\ndata: ${JSON.stringify({ message: 'Lost track of generation progress' })}\n\n`,
        );
    }
    res.end();
  });
}

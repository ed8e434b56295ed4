import { Readable } from 'node:stream';
import { api } from '../../contract/api';
import type { AppContext } from '../context';
import { calendarDay } from '../lib/calendar-day';
import { auditTrailPage, exportAuditTrail } from '../services/audit-trail';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/** The workspace's record of who did what, for its owners: a page at a time, or all as CSV. */
export function auditTrailRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  serve(api.workspaces.audit, (req) =>
    auditTrailPage(ctx.db, req.member.workspaceId, req.query.limit, req.query.before),
  );
  serve(api.workspaces.exportAudit, async (req, reply) => {
    const filename = `tailor-audit-${calendarDay(req.user.timeZone)}.csv`;
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(exportAuditTrail(ctx.db, req.member)));
  });
}

import { Readable } from 'node:stream';
import { api } from '../../contract/api';
import type { AppContext } from '../context';
import { calendarDay } from '../lib/calendar-day';
import { recordExport } from '../services/audit-trail';
import { getDailyEmailStats } from '../services/daily-email-stats';
import { checkDnsRecords, domainToCheck } from '../services/dns-check';
import { exportUserData } from '../services/export-data';
import { getSenderSettings, saveSenderSettings } from '../services/sender-settings';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/** The Settings page's calls: sender and account settings, DNS check, daily stats, export. */
export function settingsRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  const s = api.settings;

  serve(s.sender, (request) => getSenderSettings(ctx.db, request.user, request.member, ctx.config));
  serve(s.saveSender, (request) =>
    saveSenderSettings(ctx.db, request.user, request.member, ctx.config, request.body),
  );
  serve(s.checkDns, (request) => {
    const domain = domainToCheck(request.body.domain, request.user.email, ctx.config.mail.domain);
    return checkDnsRecords(domain, ctx.config.dns, ctx.clock);
  });
  serve(s.dailyStats, (request) => getDailyEmailStats(ctx.db, request.user));
  serve(s.exportData, async (request, reply) => {
    const filename = `tailor-export-${calendarDay(request.user.timeZone)}.csv`;
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store');
    const { workspaceId, userId } = request.member;
    await recordExport(ctx.db, { workspaceId, userId }, 'data');
    return reply.send(Readable.from(exportUserData(ctx.db, workspaceId)));
  });
}

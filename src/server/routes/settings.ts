import { Readable } from 'node:stream';
import { api } from '../../contract/api';
import { requireUser } from '../auth/require-user';
import type { AppContext } from '../context';
import { calendarDay } from '../lib/calendar-day';
import { getDailyEmailStats } from '../services/daily-email-stats';
import { checkDnsRecords, domainToCheck } from '../services/dns-check';
import { exportUserData } from '../services/export-data';
import { getSenderSettings, saveSenderSettings } from '../services/sender-settings';
import type { AppInstance } from './app-instance';
import { serve } from './serve';

/** The Settings page's calls: sender and account settings, DNS check, daily stats, export. */
export function settingsRoutes(app: AppInstance, ctx: AppContext) {
  const signedIn = { preHandler: requireUser(ctx) };
  const s = api.settings;

  serve(app, s.sender, signedIn, (request) => getSenderSettings(ctx.db, request.user, ctx.config));
  serve(app, s.saveSender, signedIn, (request) =>
    saveSenderSettings(ctx.db, request.user, ctx.config, request.body),
  );
  serve(app, s.checkDns, signedIn, (request) => {
    const domain = domainToCheck(request.body.domain, request.user.email, ctx.config.mail.domain);
    return checkDnsRecords(domain, ctx.config.dns, ctx.clock);
  });
  serve(app, s.dailyStats, signedIn, (request) => getDailyEmailStats(ctx.db, request.user));
  serve(app, s.exportData, signedIn, async (request, reply) => {
    const filename = `tailor-export-${calendarDay(request.user.timeZone)}.csv`;
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(exportUserData(ctx.db, request.user.id)));
  });
}

import { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dailyEmailStats,
  dnsCheckBody,
  dnsCheckResult,
  saveSenderSettingsBody,
  senderSettings,
} from '../../contract/settings';
import { requireUser } from '../auth/require-user';
import type { AppContext } from '../context';
import { calendarDay } from '../lib/calendar-day';
import { getDailyEmailStats } from '../services/daily-email-stats';
import { checkDnsRecords } from '../services/dns-check';
import { exportUserData } from '../services/export-data';
import { getSenderSettings, saveSenderSettings } from '../services/sender-settings';
import type { AppInstance } from './app-instance';

/** The Settings page's calls: sender and account settings, DNS check, daily stats, export. */
export function settingsRoutes(app: AppInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(ctx);

  r.get('/api/sender-settings', { schema: { response: { 200: senderSettings } }, preHandler }, (request) =>
    getSenderSettings(ctx.db, request.user, ctx.config.publicUrl),
  );

  r.post(
    '/api/sender-settings',
    { schema: { body: saveSenderSettingsBody, response: { 200: senderSettings } }, preHandler },
    (request) => saveSenderSettings(ctx.db, request.user, ctx.config.publicUrl, request.body),
  );

  r.post(
    '/api/check-dns-records',
    { schema: { body: dnsCheckBody, response: { 200: dnsCheckResult } }, preHandler },
    (request) => checkDnsRecords(request.body.domain, ctx.config.dns),
  );

  r.get('/api/daily-email-stats', { schema: { response: { 200: dailyEmailStats } }, preHandler }, (request) =>
    getDailyEmailStats(ctx.db, request.user),
  );

  r.get('/api/export-data', { preHandler }, async (request, reply) => {
    const filename = `tailor-export-${calendarDay(request.user.timeZone)}.csv`;
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(exportUserData(ctx.db, request.user.id)));
  });
}

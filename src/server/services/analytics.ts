import type {
  AnalyticsOverview,
  DailyActivity,
  DailyEmailHistory,
  MailboxAnalytics,
  SentEmailsPage,
  SentEmailsQuery,
} from '../../contract/analytics';
import { dailyLimitFor } from '../../contract/email-rules';
import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { lastCalendarDays } from '../lib/calendar-day';
import {
  campaignTotals,
  quotaPerDay,
  rollupPerDay,
  rollupTotals,
  sentAnswersCount,
  sentEmailsPage,
} from '../queries/analytics';
import { type WorkspaceMailboxRow, workspaceMailboxFigures } from '../queries/mailbox-figures';
import { ownCampaign } from './campaigns';

type User = { id: number; timeZone: string };

/** A percentage with no division by zero: nothing sent yet reads as 0 %. */
export function percent(part: number, whole: number) {
  return whole === 0 ? 0 : (part / whole) * 100;
}

/**
 * Derived figures of one set of counts (docs/product.md §8's Sent, Opened, Unopened, Open Rate, with all
 * opens beside).
 */
type Counts = {
  sent: number;
  opened: number;
  openedIncludingMachine: number;
  unsubscribes: number;
  replied: number;
  bounced: number;
};

function withRates<C extends Counts>(c: C) {
  return {
    ...c,
    unopened: c.sent - c.opened,
    openRate: percent(c.opened, c.sent),
    openRateIncludingMachine: percent(c.openedIncludingMachine, c.sent),
    replyRate: percent(c.replied, c.sent),
    bounceRate: percent(c.bounced, c.sent),
  };
}

/** The Analytics page's totals and per-campaign rows. */
export async function getAnalyticsOverview(db: Db, workspaceId: WorkspaceId): Promise<AnalyticsOverview> {
  const [rows, mailboxRows] = await Promise.all([
    campaignTotals(db, workspaceId),
    workspaceMailboxFigures(db, workspaceId),
  ]);
  const campaigns = rows
    .filter((r) => r.sent > 0)
    .map(({ makerId: _, makerEmail: __, makerName: ___, ...r }) => withRates(r));
  return {
    totals: totalsOf(rows),
    campaigns,
    members: membersOf(rows),
    mailboxes: mailboxRows.map(mailboxAnalyticsOf),
  };
}

/** A mailbox's row of the Analytics table: its own address, else its owner's (a sign-in mailbox). */
function mailboxAnalyticsOf(r: WorkspaceMailboxRow): MailboxAnalytics {
  return {
    mailboxId: r.mailboxId,
    kind: r.kind,
    address: r.address ?? r.ownerEmail ?? '',
    owner: r.ownerName ?? r.ownerEmail ?? '',
    state: r.needsReauth ? 'needs_credentials' : r.paused ? 'paused' : 'active',
    sent: r.sent,
    replied: r.replied,
    replyRate: percent(r.replied, r.sent),
    bounced: r.bounced,
    bounceRate: percent(r.bounced, r.sent),
    sentToday: r.sentWithUnsubscribeToday + r.sentWithoutUnsubscribeToday,
    dailyLimit: dailyLimitFor(true, r.dailyLimit),
  };
}

/** The figures of the campaigns each member made, most sent first (the dashboard's and Analytics'). */
export function membersOf(rows: Awaited<ReturnType<typeof campaignTotals>>) {
  const byMaker = new Map<number, typeof rows>();
  for (const row of rows) byMaker.set(row.makerId, [...(byMaker.get(row.makerId) ?? []), row]);
  return [...byMaker.values()]
    .map((made) => ({
      userId: made[0]!.makerId,
      name: made[0]!.makerName,
      email: made[0]!.makerEmail,
      ...totalsOf(made),
    }))
    .sort((a, b) => b.sent - a.sent || a.userId - b.userId);
}

/**
 * The figures of a set of campaigns: sends, opens, replies and bounces of those that sent, and the
 * unsubscribes of every one (including ones that have sent nothing since).
 */
export function totalsOf(rows: (Counts & { sent: number })[]) {
  const sent = rows.filter((r) => r.sent > 0);
  const sum = (key: 'sent' | 'opened' | 'openedIncludingMachine' | 'replied' | 'bounced') =>
    sent.reduce((n, c) => n + c[key], 0);
  return withRates({
    sent: sum('sent'),
    opened: sum('opened'),
    openedIncludingMachine: sum('openedIncludingMachine'),
    unsubscribes: rows.reduce((n, r) => n + r.unsubscribes, 0),
    replied: sum('replied'),
    bounced: sum('bounced'),
  });
}

/** Sends, first opens, first replies and hard bounces per day for the last `days` days in the user's time zone, every day present. */
export async function getDailyActivity(
  db: Db,
  scope: { workspaceId: WorkspaceId; timeZone: string },
  days: number,
  campaignId?: number,
): Promise<DailyActivity> {
  if (campaignId !== undefined) await ownCampaign(db, scope.workspaceId, campaignId);
  const range = lastCalendarDays(scope.timeZone, days);
  const rows = await rollupPerDay(db, scope.workspaceId, range[0]!, range[range.length - 1]!, campaignId);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return {
    days: range.map((day) => {
      const r = byDay.get(day);
      return {
        day,
        sent: r?.sent ?? 0,
        opened: r?.opened ?? 0,
        openedIncludingMachine: r?.openedIncludingMachine ?? 0,
        replied: r?.replied ?? 0,
        bounced: r?.bounced ?? 0,
      };
    }),
  };
}

/**
 * One page of the Sent Emails table, the answers people wrote to replies among the campaigns'
 * emails; the total comes from the rollup (plus those answers), not from counting rows.
 */
export async function getSentEmails(
  db: Db,
  workspaceId: WorkspaceId,
  query: SentEmailsQuery,
): Promise<SentEmailsPage> {
  // One round trip for a page with rows: they carry the total, and being the workspace's emails they
  // prove the campaign is the workspace's too. Only an empty page asks whose campaign it is, and the total.
  const rows = await sentEmailsPage(db, workspaceId, query);
  let total = rows[0]?.total;
  if (total === undefined) {
    if (query.campaignId !== undefined) await ownCampaign(db, workspaceId, query.campaignId);
    const [totals, answers] = await Promise.all([
      rollupTotals(db, workspaceId, query.campaignId),
      sentAnswersCount(db, workspaceId, query),
    ]);
    total =
      answers +
      (query.opened === 'opened'
        ? totals.opened
        : query.opened === 'unopened'
          ? totals.sent - totals.opened
          : totals.sent);
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      campaignId: r.campaignId,
      campaignName: r.campaignName,
      email: r.email,
      subject: r.subject,
      sentAt: (r.sentAt ?? new Date(0)).toISOString(),
      opened: r.humanOpenedAt !== null,
      openedByMachineOnly: r.humanOpenedAt === null && r.openedAt !== null,
      repliedAt: r.repliedAt?.toISOString() ?? null,
      bounceKind: r.bounceKind,
      unsubscribed: r.unsubscribed,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Sends against the daily limits for each of the last `days` days (Settings' chart). */
export async function getDailyEmailHistory(db: Db, user: User, days: number): Promise<DailyEmailHistory> {
  const range = lastCalendarDays(user.timeZone, days);
  const rows = await quotaPerDay(db, user.id, range[0]!, range[range.length - 1]!);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return {
    days: range.map((day) => ({
      day,
      sentWithUnsubscribe: byDay.get(day)?.sentWithUnsubscribe ?? 0,
      sentWithoutUnsubscribe: byDay.get(day)?.sentWithoutUnsubscribe ?? 0,
    })),
  };
}

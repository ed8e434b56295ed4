import type { CampaignAnalytics, DailyActivity } from '../../../contract/analytics';
import { formatOpenedRate } from '../dashboard/format-opened-rate';

/** A rate (0–100) with one decimal and a percent sign, e.g. "42.5%"; a missing rate shows as 0.0%. */
export const formatRate = formatOpenedRate;

/**
 * A share 0–1 (the per-step figures give their rates so) shown as `formatRate` shows a percentage
 * 0–100: 0.075 → "7.5%".
 */
export const formatShare = (share: number) => formatRate(share * 100);

/** A step's name: the campaign's own email is step 1, its follow-ups steps 2 onwards (as the editor numbers them). */
export const stepLabel = (step: number) => (step === 1 ? 'Step 1' : `Step ${step} · follow-up`);

/** A count with the browser's thousands separators. */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? value.toLocaleString() : '0';
}

/** The all-opens figure shown beside the people-only one: "incl. machine opens: 80 (53.3%)". */
export function formatAllOpens(openedIncludingMachine: number, rateIncludingMachine: number): string {
  return `incl. machine opens: ${formatCount(openedIncludingMachine)} (${formatRate(rateIncludingMachine)})`;
}

/** The `limit` campaigns that sent the most, most first (ties keep the server's newest-first order). */
export function topCampaignsBySent(campaigns: CampaignAnalytics[], limit: number): CampaignAnalytics[] {
  return campaigns
    .map((campaign, index) => ({ campaign, index }))
    .sort((a, b) => b.campaign.sent - a.campaign.sent || a.index - b.index)
    .slice(0, limit)
    .map(({ campaign }) => campaign);
}

type Day = DailyActivity['days'][number];

/** True when nothing was sent, opened, replied to or bounced on any of the days, so a chart would be a flat line. */
export function isQuiet(days: Day[]): boolean {
  return days.every(
    (d) => d.sent === 0 && d.openedIncludingMachine === 0 && d.replied === 0 && d.bounced === 0,
  );
}

/** What the daily chart shows, in words, for screen readers. */
export function describeDailyActivity(days: Day[]): string {
  const sum = (key: Exclude<keyof Day, 'day'>) => days.reduce((n, d) => n + d[key], 0);
  return (
    `Emails sent, opened, replied to and bounced per day over the last ${days.length} days: ` +
    `${formatCount(sum('sent'))} sent, ${formatCount(sum('opened'))} opened by a person, ` +
    `${formatCount(sum('openedIncludingMachine'))} opened including machine opens, ` +
    `${formatCount(sum('replied'))} replied to, ${formatCount(sum('bounced'))} bounced.`
  );
}

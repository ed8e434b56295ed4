import { describe, expect, it } from 'vitest';
import type { CampaignAnalytics } from '../../../contract/analytics';
import {
  describeDailyActivity,
  formatAllOpens,
  formatCount,
  formatRate,
  formatShare,
  isQuiet,
  stepLabel,
  topCampaignsBySent,
} from './analytics-format';

const campaign = (campaignId: number, sent: number): CampaignAnalytics => ({
  campaignId,
  name: `Campaign ${campaignId}`,
  status: 'completed',
  archived: false,
  hasFollowUps: false,
  sent,
  opened: 0,
  openedIncludingMachine: 0,
  unopened: sent,
  openRate: 0,
  openRateIncludingMachine: 0,
  unsubscribes: 0,
  replied: 0,
  replyRate: 0,
  bounced: 0,
  bounceRate: 0,
});

const day = (sent: number, opened: number, openedIncludingMachine: number, replied = 0, bounced = 0) => ({
  day: '2025-07-30',
  sent,
  opened,
  openedIncludingMachine,
  replied,
  bounced,
});

describe('formatRate', () => {
  it('shows one decimal and a percent sign', () => {
    expect(formatRate(42.46)).toBe('42.5%');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(Number.NaN)).toBe('0.0%');
  });
});

describe('formatShare', () => {
  it('shows a share 0–1 as a percentage with one decimal', () => {
    expect(formatShare(0.075)).toBe('7.5%');
    expect(formatShare(1)).toBe('100.0%');
    expect(formatShare(0)).toBe('0.0%');
    expect(formatShare(Number.NaN)).toBe('0.0%');
  });
});

describe('stepLabel', () => {
  it('names the first email step 1 and the follow-ups after it', () => {
    expect(stepLabel(1)).toBe('Step 1');
    expect(stepLabel(2)).toBe('Step 2 · follow-up');
    expect(stepLabel(6)).toBe('Step 6 · follow-up');
  });
});

describe('formatAllOpens', () => {
  it('gives the machine-inclusive count and rate', () => {
    expect(formatAllOpens(80, 53.333)).toBe('incl. machine opens: 80 (53.3%)');
    expect(formatAllOpens(0, 0)).toBe('incl. machine opens: 0 (0.0%)');
  });
});

describe('formatCount', () => {
  it('treats a non-number as 0', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(Number.NaN)).toBe('0');
  });
});

describe('topCampaignsBySent', () => {
  it('keeps the campaigns that sent the most, most first', () => {
    const top = topCampaignsBySent([campaign(1, 5), campaign(2, 50), campaign(3, 20), campaign(4, 1)], 2);
    expect(top.map((c) => c.campaignId)).toEqual([2, 3]);
  });

  it('keeps the server order for ties and does not change the input', () => {
    const input = [campaign(1, 5), campaign(2, 9), campaign(3, 5)];
    expect(topCampaignsBySent(input, 10).map((c) => c.campaignId)).toEqual([2, 1, 3]);
    expect(input.map((c) => c.campaignId)).toEqual([1, 2, 3]);
  });
});

describe('isQuiet', () => {
  it('is true only when nothing was sent or opened on any day', () => {
    expect(isQuiet([day(0, 0, 0), day(0, 0, 0)])).toBe(true);
    expect(isQuiet([day(0, 0, 0), day(3, 0, 0)])).toBe(false);
    // An open on a quiet day (of an email sent earlier) still belongs on the chart.
    expect(isQuiet([day(0, 0, 1)])).toBe(false);
    // So does a reply or a bounce that arrived on a day nothing was sent.
    expect(isQuiet([day(0, 0, 0, 1, 0)])).toBe(false);
    expect(isQuiet([day(0, 0, 0, 0, 1)])).toBe(false);
  });
});

describe('describeDailyActivity', () => {
  it('sums the days in words', () => {
    expect(describeDailyActivity([day(10, 2, 5, 1, 0), day(4, 1, 1, 2, 1)])).toBe(
      'Emails sent, opened, replied to and bounced per day over the last 2 days: 14 sent, 3 opened by a person, ' +
        '6 opened including machine opens, 3 replied to, 1 bounced.',
    );
  });
});

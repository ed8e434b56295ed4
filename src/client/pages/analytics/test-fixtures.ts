import type {
  AnalyticsOverview,
  CampaignAnalytics,
  MailboxAnalytics,
  SentEmailRow,
} from '../../../contract/analytics';

/** Shared test data for the analytics render tests. */
export const expo: CampaignAnalytics = {
  campaignId: 7,
  name: 'Expo follow-up',
  status: 'completed',
  archived: false,
  hasFollowUps: true,
  sent: 150,
  opened: 64,
  openedIncludingMachine: 80,
  unopened: 86,
  openRate: 42.666,
  openRateIncludingMachine: 53.333,
  unsubscribes: 2,
  replied: 6,
  replyRate: 4,
  bounced: 3,
  bounceRate: 2,
};

export const spring: CampaignAnalytics = {
  ...expo,
  campaignId: 9,
  name: 'Spring launch',
  archived: true,
  hasFollowUps: false,
  sent: 50,
  opened: 21,
  openedIncludingMachine: 30,
  unopened: 29,
  openRate: 42,
  openRateIncludingMachine: 60,
  unsubscribes: 0,
  replied: 1,
  replyRate: 2,
  bounced: 0,
  bounceRate: 0,
};

export const overview: AnalyticsOverview = {
  totals: {
    sent: 200,
    opened: 85,
    openedIncludingMachine: 110,
    unopened: 115,
    openRate: 42.5,
    openRateIncludingMachine: 55,
    unsubscribes: 2,
    replied: 7,
    replyRate: 3.5,
    bounced: 3,
    bounceRate: 1.5,
  },
  campaigns: [expo, spring],
  members: [],
  mailboxes: [],
};

/** A mailbox row of the Analytics table. */
export const mailboxFigures = (
  mailboxId: number,
  address: string,
  changes: Partial<MailboxAnalytics> = {},
): MailboxAnalytics => ({
  mailboxId,
  kind: 'smtp',
  address,
  owner: 'Pat Doe',
  state: 'active',
  sent: 100,
  replied: 4,
  replyRate: 4,
  bounced: 1,
  bounceRate: 1,
  sentToday: 20,
  dailyLimit: 500,
  ...changes,
});

export const sentEmail = (id: number, changes: Partial<SentEmailRow> = {}): SentEmailRow => ({
  id,
  campaignId: 7,
  campaignName: 'Expo follow-up',
  email: `r${id}@example.com`,
  subject: `Hello ${id}`,
  sentAt: '2025-07-30T10:00:00.000Z',
  opened: false,
  openedByMachineOnly: false,
  repliedAt: null,
  bounceKind: null,
  unsubscribed: false,
  ...changes,
});

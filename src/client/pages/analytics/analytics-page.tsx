import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CampaignAnalytics } from '../../../contract/analytics';
import { isUnauthorized } from '../../api';
import { DAILY_ACTIVITY_DAYS, dailyActivityQuery, overviewQuery } from './analytics-queries';
import { CampaignChart } from './campaign-chart';
import { CampaignTable } from './campaign-table';
import { DailyActivityChart } from './daily-activity-chart';
import { MailboxTable } from './mailbox-table';
import { MemberTable } from './member-table';
import { RepliesDialog } from './replies-dialog';
import { SentEmailsCard } from './sent-emails-card';
import { StepStatsDialog } from './step-stats-dialog';
import { SummaryCards } from './summary-cards';
import { UnsubscribersDialog } from './unsubscribers-dialog';
import { useFailureToast } from './use-failure-toast';

/** The Analytics page (docs/product.md §8): totals, charts, per-campaign figures and the sent emails. */
export function AnalyticsPage() {
  const overview = useQuery(overviewQuery);
  const daily = useQuery(dailyActivityQuery(DAILY_ACTIVITY_DAYS));
  const [unsubscribersOf, setUnsubscribersOf] = useState<CampaignAnalytics | null>(null);
  const [repliesOf, setRepliesOf] = useState<CampaignAnalytics | null>(null);
  const [stepsOf, setStepsOf] = useState<CampaignAnalytics | null>(null);
  useFailureToast(overview.error);
  useFailureToast(daily.error);
  // A 401 is handled once for the whole app (session expiry); other failures are shown here.
  const failed = [overview.error, daily.error].find((error) => error && !isUnauthorized(error));

  return (
    <Stack gap="lg">
      {failed && (
        <Alert color="red" title="Could not load your analytics">
          {failed.message}
        </Alert>
      )}
      <SummaryCards totals={overview.data?.totals} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <DailyActivityChart activity={daily.data} days={DAILY_ACTIVITY_DAYS} failed={!!daily.error} />
        <CampaignChart campaigns={overview.data?.campaigns} failed={!!overview.error} />
      </SimpleGrid>
      <CampaignTable
        campaigns={overview.data?.campaigns}
        onViewUnsubscribers={setUnsubscribersOf}
        onViewReplies={setRepliesOf}
        onViewSteps={setStepsOf}
        failed={!!overview.error}
      />
      <MemberTable members={overview.data?.members} />
      <MailboxTable mailboxes={overview.data?.mailboxes} />
      <SentEmailsCard campaigns={overview.data?.campaigns ?? []} />
      <UnsubscribersDialog campaign={unsubscribersOf} onClose={() => setUnsubscribersOf(null)} />
      <RepliesDialog campaign={repliesOf} onClose={() => setRepliesOf(null)} />
      <StepStatsDialog campaign={stepsOf} onClose={() => setStepsOf(null)} />
    </Stack>
  );
}

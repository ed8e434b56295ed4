import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  DAILY_LIMIT_WITH_UNSUBSCRIBE,
  DAILY_LIMIT_WITHOUT_UNSUBSCRIBE,
} from '../../../../contract/email-rules';
import { dailyStatsQuery } from '../emails/email-queries';

/**
 * Today's sends against this campaign's daily limit (docs/product.md §6), so nobody is surprised by
 * scheduling.
 */
export function DailyLimit({ campaignId }: { campaignId: number }) {
  // Sends go on in the background, so each opening reads today's count afresh.
  const { data, error } = useQuery({ ...dailyStatsQuery(campaignId), refetchOnMount: 'always' });
  return (
    <Stack gap={2}>
      {data ? (
        <Text size="sm" fw={500}>
          Daily limit: {data.todaySentCount.toLocaleString()} of {data.dailyLimit.toLocaleString()} sent
          today, {data.remainingToday.toLocaleString()} remaining
        </Text>
      ) : error ? (
        <Text size="sm" c="red">
          Could not load today’s sending limit.
        </Text>
      ) : (
        <Skeleton h={20} w={280} />
      )}
      <Text size="xs" c="dimmed">
        The limit is {DAILY_LIMIT_WITH_UNSUBSCRIBE} emails a day with an unsubscribe link and{' '}
        {DAILY_LIMIT_WITHOUT_UNSUBSCRIBE} without. What does not fit today is scheduled for the next days.
      </Text>
    </Stack>
  );
}

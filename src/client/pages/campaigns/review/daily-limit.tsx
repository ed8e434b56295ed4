import { ActionIcon, Group, Skeleton, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  DAILY_LIMIT_WITH_UNSUBSCRIBE,
  DAILY_LIMIT_WITHOUT_UNSUBSCRIBE,
} from '../../../../contract/email-rules';
import { dailyStatsQuery } from '../emails/email-queries';

export const DAILY_LIMIT_HINT = `The limit is ${DAILY_LIMIT_WITH_UNSUBSCRIBE} emails a day with an unsubscribe link and ${DAILY_LIMIT_WITHOUT_UNSUBSCRIBE} without. What does not fit today is scheduled for the next days.`;

/**
 * Today's sends against this campaign's daily limit (docs/product.md §6), so nobody is surprised by
 * scheduling. One line, so the email under review stays high on the screen; the rule is a tap away.
 */
export function DailyLimit({ campaignId }: { campaignId: number }) {
  // Sends go on in the background, so each opening reads today's count afresh.
  const { data, error } = useQuery({ ...dailyStatsQuery(campaignId), refetchOnMount: 'always' });
  return (
    <Group gap={4} wrap="nowrap">
      {data ? (
        <Text size="xs" c="dimmed">
          Daily limit: {data.todaySentCount.toLocaleString()} of {data.dailyLimit.toLocaleString()} sent
          today, {data.remainingToday.toLocaleString()} remaining
        </Text>
      ) : error ? (
        <Text size="xs" c="red">
          Could not load today’s sending limit.
        </Text>
      ) : (
        <Skeleton h={16} w={260} />
      )}
      <Tooltip label={DAILY_LIMIT_HINT} multiline w={280} events={{ hover: true, focus: true, touch: true }}>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label="About the daily limit">
          <IconInfoCircle size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

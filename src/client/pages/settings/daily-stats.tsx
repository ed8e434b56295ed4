import { Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { isUnauthorized, queryOf } from '../../api';
import { formatFullDay } from '../../format-date';
import { DailyHistoryChart } from './daily-history-chart';

/** Today's sends against the two daily limits (with and without an unsubscribe link), then the last two weeks. */
export function DailyStats() {
  const { data, error } = useQuery(queryOf(api.settings.dailyStats));

  return (
    <Stack gap="sm">
      <div>
        <Text fw={600}>Daily Email Statistics</Text>
        <Text size="sm" c="dimmed">
          {data ? `Emails sent today (${formatFullDay(data.day)})` : 'Emails sent today'}
        </Text>
      </div>
      {error && !isUnauthorized(error) && (
        <Text size="sm" c="red">
          Could not load today’s statistics.
        </Text>
      )}
      {!data && !error && <Skeleton h={72} />}
      {data && (
        <>
          <Usage
            label="With unsubscribe link"
            sent={data.sentWithUnsubscribe}
            limit={data.limitWithUnsubscribe}
          />
          <Usage
            label="Without unsubscribe link"
            sent={data.sentWithoutUnsubscribe}
            limit={data.limitWithoutUnsubscribe}
          />
        </>
      )}
      <DailyHistoryChart />
    </Stack>
  );
}

function Usage({ label, sent, limit }: { label: string; sent: number; limit: number }) {
  const percent = limit > 0 ? Math.min(100, (sent / limit) * 100) : 0;
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600}>
          {sent} / {limit}
        </Text>
      </Group>
      <Progress
        value={percent}
        color={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'indigo'}
        aria-label={label}
      />
    </Stack>
  );
}

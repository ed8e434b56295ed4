import { BarChart } from '@mantine/charts';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DailyEmailHistory } from '../../../contract/analytics';
import { isUnauthorized } from '../../api';
import { useDrawAfterFigures } from '../../components/use-draw-after-figures';
import { formatDay } from '../../format-date';
import { HISTORY_DAYS, historyQuery } from './daily-history-query';

const SERIES = [
  { name: 'sentWithUnsubscribe', label: 'With unsubscribe link', color: 'indigo.6' },
  { name: 'sentWithoutUnsubscribe', label: 'Without unsubscribe link', color: 'orange.6' },
];

/** Sends per day over the last two weeks, stacked by whether they carried an unsubscribe link. */
export function DailyHistoryChart() {
  const { data, error } = useQuery(historyQuery);
  const draw = useDrawAfterFigures(data !== undefined);

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Last {HISTORY_DAYS} days
      </Text>
      {error && !isUnauthorized(error) && (
        <Text size="sm" c="red">
          Could not load the last {HISTORY_DAYS} days.
        </Text>
      )}
      {(!data || !draw) && !error && <Skeleton h={160} />}
      {data && draw && (
        <div role="img" aria-label={describeHistory(data)}>
          <BarChart
            h={160}
            data={data.days.map((d) => ({ ...d, day: formatDay(d.day) }))}
            dataKey="day"
            type="stacked"
            series={SERIES}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            yAxisProps={{ allowDecimals: false, width: 40 }}
          />
        </div>
      )}
    </Stack>
  );
}

/** What the chart shows, in words, for screen readers. */
export function describeHistory(history: DailyEmailHistory): string {
  const withLink = history.days.reduce((n, d) => n + d.sentWithUnsubscribe, 0);
  const without = history.days.reduce((n, d) => n + d.sentWithoutUnsubscribe, 0);
  return (
    `Emails sent per day over the last ${history.days.length} days: ` +
    `${withLink.toLocaleString()} with an unsubscribe link, ${without.toLocaleString()} without.`
  );
}

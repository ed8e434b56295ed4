import { AreaChart } from '@mantine/charts';
import type { DailyActivity } from '../../../contract/analytics';
import { formatDay } from '../../format-date';
import { describeDailyActivity, isQuiet } from './analytics-format';
import { ChartCard } from './chart-card';

const SERIES = [
  { name: 'sent', label: 'Sent', color: 'indigo.6' },
  { name: 'openedIncludingMachine', label: 'Opened incl. machine', color: 'gray.5' },
  { name: 'opened', label: 'Opened', color: 'teal.6' },
  { name: 'replied', label: 'Replied', color: 'green.8' },
  { name: 'bounced', label: 'Bounced', color: 'red.6' },
];

interface DailyActivityChartProps {
  activity: DailyActivity | undefined;
  days: number;
  failed: boolean;
}

/** Sends, first opens, first replies and hard bounces per day over the last days. */
export function DailyActivityChart({ activity, days, failed }: DailyActivityChartProps) {
  const data = activity?.days.map((d) => ({ ...d, day: formatDay(d.day) })) ?? [];
  return (
    <ChartCard
      title={`Sends, opens and replies, last ${days} days`}
      label={activity ? describeDailyActivity(activity.days) : ''}
      loading={!activity}
      failed={failed}
      emptyText={activity && isQuiet(activity.days) ? `No emails sent in the last ${days} days` : null}
      height={260}
    >
      <AreaChart
        h={260}
        data={data}
        dataKey="day"
        series={SERIES}
        curveType="monotone"
        withLegend
        withDots={false}
        fillOpacity={0.15}
        yAxisProps={{ allowDecimals: false }}
      />
    </ChartCard>
  );
}

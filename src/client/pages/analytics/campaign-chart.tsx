import { BarChart } from '@mantine/charts';
import type { CampaignAnalytics } from '../../../contract/analytics';
import { topCampaignsBySent } from './analytics-format';
import { ChartCard } from './chart-card';

/** How many campaigns the chart compares; the table below lists them all. */
export const CHART_CAMPAIGNS = 10;

const SERIES = [
  { name: 'sent', label: 'Sent', color: 'indigo.6' },
  { name: 'opened', label: 'Opened', color: 'teal.6' },
];

const shorten = (name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name);

/** Sent against opened (by a person) for the campaigns that sent the most. */
export function CampaignChart({
  campaigns,
  failed,
}: {
  campaigns: CampaignAnalytics[] | undefined;
  failed: boolean;
}) {
  const top = campaigns ? topCampaignsBySent(campaigns, CHART_CAMPAIGNS) : [];
  const data = top.map((c) => ({ name: c.name, sent: c.sent, opened: c.opened }));
  return (
    <ChartCard
      title="Sent and opened by campaign"
      label={`Emails sent and opened by a person for the ${top.length} campaigns that sent the most`}
      loading={!campaigns}
      failed={failed}
      emptyText={campaigns?.length === 0 ? 'No emails sent yet' : null}
      height={260}
    >
      <BarChart
        h={Math.max(260, top.length * 44)}
        data={data}
        dataKey="name"
        series={SERIES}
        orientation="vertical"
        withLegend
        yAxisProps={{ width: 140, interval: 0, tickFormatter: shorten }}
        xAxisProps={{ allowDecimals: false }}
      />
    </ChartCard>
  );
}

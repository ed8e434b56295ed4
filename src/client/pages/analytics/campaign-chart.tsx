import { BarChart } from '@mantine/charts';
import type { CampaignAnalytics } from '../../../contract/analytics';
import { topCampaignsBySent } from './analytics-format';
import { ChartCard } from './chart-card';
import { wrapLabel } from './chart-label';

/** How many campaigns the chart compares; the table below lists them all. */
export const CHART_CAMPAIGNS = 10;

const SERIES = [
  { name: 'sent', label: 'Sent', color: 'indigo.6' },
  { name: 'opened', label: 'Opened', color: 'teal.6' },
];

/** Characters a line of the 140 px name axis holds, and the lines a 44 px bar has room for. */
const LABEL_CHARS = 18;
const LABEL_LINES = 3;

/**
 * A campaign's name beside its bars, on up to three lines (issue #28: cut at 17 characters, a
 * name read "reportingaudi…"); the whole name on hover.
 */
function CampaignTick({
  x,
  y,
  payload,
}: {
  x: number | string;
  y: number | string;
  payload: { value?: unknown };
}) {
  const name = String(payload.value ?? '');
  const lines = wrapLabel(name, LABEL_CHARS, LABEL_LINES);
  return (
    <g transform={`translate(${x},${y})`} data-testid="campaign-chart-label">
      <title>{name}</title>
      <text textAnchor="end" fontSize={12} fill="var(--mantine-color-dimmed)">
        {lines.map((line, i) => (
          <tspan
            // The lines of one label never change order.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            x={-6}
            dy={i === 0 ? `${0.35 - (lines.length - 1) * 0.6}em` : '1.2em'}
          >
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}

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
        yAxisProps={{ width: 140, interval: 0, tick: CampaignTick }}
        xAxisProps={{ allowDecimals: false }}
      />
    </ChartCard>
  );
}

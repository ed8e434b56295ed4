import { SimpleGrid, Text } from '@mantine/core';
import {
  type Icon,
  IconMailOff,
  IconMailOpened,
  IconMailX,
  IconMessageReply,
  IconPercentage,
  IconSend,
} from '@tabler/icons-react';
import type { AnalyticsOverview } from '../../../contract/analytics';
import { StatCard } from '../../components/stat-card';
import { formatAllOpens, formatCount, formatRate } from './analytics-format';

type Totals = AnalyticsOverview['totals'];

interface Stat {
  label: string;
  value: (t: Totals) => string;
  /** A dimmed line under the figure. */
  note?: (t: Totals) => string;
  icon: Icon;
  color: string;
}

const STATS: Stat[] = [
  { label: 'Sent', value: (t) => formatCount(t.sent), icon: IconSend, color: 'indigo' },
  {
    label: 'Opened',
    value: (t) => formatCount(t.opened),
    note: (t) => `by a person · ${formatCount(t.unopened)} not opened`,
    icon: IconMailOpened,
    color: 'teal',
  },
  {
    label: 'Open Rate',
    value: (t) => formatRate(t.openRate),
    note: (t) => formatAllOpens(t.openedIncludingMachine, t.openRateIncludingMachine),
    icon: IconPercentage,
    color: 'orange',
  },
  {
    label: 'Reply Rate',
    value: (t) => formatRate(t.replyRate),
    note: (t) => `${formatCount(t.replied)} replied`,
    icon: IconMessageReply,
    color: 'green',
  },
  {
    label: 'Bounce Rate',
    value: (t) => formatRate(t.bounceRate),
    note: (t) => `${formatCount(t.bounced)} ${t.bounced === 1 ? 'address' : 'addresses'} bounced for good`,
    icon: IconMailX,
    color: 'red',
  },
  { label: 'Unsubscribes', value: (t) => formatCount(t.unsubscribes), icon: IconMailOff, color: 'gray' },
];

/**
 * The user's totals over every campaign; "opened" and "replied" count people only (see the note below
 * the cards).
 */
export function SummaryCards({ totals }: { totals: Totals | undefined }) {
  return (
    <div>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
        {STATS.map((stat) => (
          <StatCard
            key={stat.label}
            label={stat.label}
            value={totals && stat.value(totals)}
            note={totals && stat.note?.(totals)}
            icon={stat.icon}
            color={stat.color}
          />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        Opens count people only. Image proxies such as Apple Mail Privacy Protection fetch the tracking image
        of nearly every email without anyone reading it; these machine opens are counted apart. Replies count
        people only, not auto-replies; bounces count addresses that do not work (hard bounces).
      </Text>
    </div>
  );
}

import { SimpleGrid } from '@mantine/core';
import {
  type Icon,
  IconMail,
  IconMailOpened,
  IconMailX,
  IconMessageReply,
  IconSend,
  IconTemplate,
} from '@tabler/icons-react';
import type { DashboardStats } from '../../../contract/dashboard';
import { StatCard } from '../../components/stat-card';
import { formatOpenedRate } from './format-opened-rate';

interface Stat {
  label: string;
  value: (stats: DashboardStats) => string;
  icon: Icon;
  color: string;
}

const STATS: Stat[] = [
  {
    label: 'Total Campaigns',
    value: (s) => s.totalCampaigns.toLocaleString(),
    icon: IconMail,
    color: 'indigo',
  },
  { label: 'Emails Sent', value: (s) => s.emailsSent.toLocaleString(), icon: IconSend, color: 'teal' },
  {
    label: 'Opened Rate',
    value: (s) => formatOpenedRate(s.openedRate),
    icon: IconMailOpened,
    color: 'orange',
  },
  // docs/product.md §12: people's replies (auto-replies left out) and hard bounces, as shares of sent.
  {
    label: 'Reply Rate',
    value: (s) => formatOpenedRate(s.replyRate),
    icon: IconMessageReply,
    color: 'green',
  },
  { label: 'Bounce Rate', value: (s) => formatOpenedRate(s.bounceRate), icon: IconMailX, color: 'red' },
  { label: 'Templates', value: (s) => s.templates.toLocaleString(), icon: IconTemplate, color: 'violet' },
];

export function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
      {STATS.map((stat) => (
        <StatCard
          key={stat.label}
          label={stat.label}
          value={stats && stat.value(stats)}
          icon={stat.icon}
          color={stat.color}
        />
      ))}
    </SimpleGrid>
  );
}

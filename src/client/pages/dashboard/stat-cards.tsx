import { SimpleGrid } from '@mantine/core';
import { type Icon, IconMail, IconMailOpened, IconSend, IconTemplate } from '@tabler/icons-react';
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
  { label: 'Templates', value: (s) => s.templates.toLocaleString(), icon: IconTemplate, color: 'violet' },
];

export function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
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

import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconMail, IconMailOpened, IconSend, IconTemplate } from '@tabler/icons-react';
import type { DashboardStats } from '../../../contract/dashboard';
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
        <Card key={stat.label} aria-label={stat.label} role="group">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="sm" c="dimmed" fw={500}>
                {stat.label}
              </Text>
              {stats ? (
                <Text fz={28} fw={700} mt={4}>
                  {stat.value(stats)}
                </Text>
              ) : (
                <Skeleton h={28} w={64} mt={8} />
              )}
            </div>
            <ThemeIcon size={40} radius="md" variant="light" color={stat.color}>
              <stat.icon size={22} />
            </ThemeIcon>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

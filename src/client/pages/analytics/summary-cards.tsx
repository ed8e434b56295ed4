import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconMailOff, IconMailOpened, IconPercentage, IconSend } from '@tabler/icons-react';
import type { AnalyticsOverview } from '../../../contract/analytics';
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
  { label: 'Unsubscribes', value: (t) => formatCount(t.unsubscribes), icon: IconMailOff, color: 'red' },
];

/** The user's totals over every campaign; "opened" counts people only (see the note below the cards). */
export function SummaryCards({ totals }: { totals: Totals | undefined }) {
  return (
    <div>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
        {STATS.map((stat) => (
          <Card key={stat.label} aria-label={stat.label} role="group">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Text size="sm" c="dimmed" fw={500}>
                  {stat.label}
                </Text>
                {totals ? (
                  <>
                    <Text fz={28} fw={700} mt={4}>
                      {stat.value(totals)}
                    </Text>
                    {stat.note && (
                      <Text size="xs" c="dimmed">
                        {stat.note(totals)}
                      </Text>
                    )}
                  </>
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
      <Text size="xs" c="dimmed" mt="xs">
        Opens count people only. Image proxies such as Apple Mail Privacy Protection fetch the tracking image
        of nearly every email without anyone reading it; these machine opens are counted apart.
      </Text>
    </div>
  );
}

import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface StatCardProps {
  label: string;
  /** The figure; undefined while it loads (a skeleton stands in). */
  value: string | undefined;
  /** A dimmed line under the figure. */
  note?: string;
  icon: Icon;
  color: string;
}

/** One headline figure (dashboard, analytics), named by its label for screen readers and tests. */
export function StatCard({ label, value, note, icon: StatIcon, color }: StatCardProps) {
  return (
    <Card aria-label={label} role="group">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={28} w={64} mt={8} />
          ) : (
            <>
              <Text fz={28} fw={700} mt={4}>
                {value}
              </Text>
              {note && (
                <Text size="xs" c="dimmed">
                  {note}
                </Text>
              )}
            </>
          )}
        </div>
        <ThemeIcon size={40} radius="md" variant="light" color={color}>
          <StatIcon size={22} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

import { Card, Skeleton, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useDrawAfterFigures } from '../../components/use-draw-after-figures';

interface ChartCardProps {
  title: string;
  /** Describes the chart for screen readers (and for tests to find it). */
  label: string;
  loading: boolean;
  /** The data could not be read (the page says why). */
  failed?: boolean;
  /** When set, shown instead of an empty chart. */
  emptyText: string | null;
  height: number;
  children: ReactNode;
}

/** A titled card holding one chart, with its loading and empty states. */
export function ChartCard({ title, label, loading, failed, emptyText, height, children }: ChartCardProps) {
  const titleId = useId();
  const draw = useDrawAfterFigures(!loading);
  return (
    <Card component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" mb="md" id={titleId}>
        {title}
      </Title>
      {failed ? (
        <Text c="dimmed" ta="center" py="xl">
          Not available
        </Text>
      ) : loading ? (
        <Skeleton h={height} />
      ) : emptyText !== null ? (
        <Text c="dimmed" ta="center" py="xl">
          {emptyText}
        </Text>
      ) : !draw ? (
        <Skeleton h={height} />
      ) : (
        <div role="img" aria-label={label}>
          {children}
        </div>
      )}
    </Card>
  );
}

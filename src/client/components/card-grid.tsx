import { Alert, SimpleGrid, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { isUnauthorized } from '../api';

interface CardGridProps {
  loading: boolean;
  error: Error | null;
  /** Names what failed to load, e.g. 'Could not load your templates'. */
  errorTitle: string;
  children: ReactNode;
}

/** The responsive card grid of the list pages, with its loading and error states. */
export function CardGrid({ loading, error, errorTitle, children }: CardGridProps) {
  // A 401 is handled once for the whole app (session expiry).
  if (error && !isUnauthorized(error)) {
    return (
      <Alert color="red" title={errorTitle}>
        {error.message}
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {loading ? [1, 2, 3].map((key) => <Skeleton key={key} h={180} radius="md" />) : children}
    </SimpleGrid>
  );
}

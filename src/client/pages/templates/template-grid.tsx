import { Alert, SimpleGrid, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { isUnauthorized } from '../../api';

interface TemplateGridProps {
  loading: boolean;
  error: Error | null;
  children: ReactNode;
}

/** The responsive card grid, with its loading and error states. */
export function TemplateGrid({ loading, error, children }: TemplateGridProps) {
  // A 401 is handled once for the whole app (session expiry).
  if (error && !isUnauthorized(error)) {
    return (
      <Alert color="red" title="Could not load your templates">
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

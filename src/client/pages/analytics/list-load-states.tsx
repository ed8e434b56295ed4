import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { isUnauthorized } from '../../api';

/**
 * What an analytics dialog shows before its list: the error (a sign-in that expired is handled
 * elsewhere), placeholder rows while loading, and `empty` when the list came back with nothing.
 */
export function ListLoadStates({
  data,
  error,
  errorTitle,
  empty,
}: {
  data: unknown[] | undefined;
  error: Error | null;
  errorTitle: string;
  empty: string;
}) {
  return (
    <>
      {error && !isUnauthorized(error) && (
        <Alert color="red" title={errorTitle}>
          {error.message}
        </Alert>
      )}
      {!data && !error && (
        <Stack gap="xs">
          <Skeleton h={28} />
          <Skeleton h={28} />
        </Stack>
      )}
      {data?.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {empty}
        </Text>
      )}
    </>
  );
}

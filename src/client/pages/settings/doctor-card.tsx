import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { errorDetail, queryOf } from '../../api';

const COLORS = { pass: 'green', warn: 'orange', fail: 'red' } as const;

/**
 * The deployment's checks, for its operators: what the `doctor` command says, read-only. Run when
 * asked, not on every visit: some checks reach other servers and take seconds.
 */
export function DoctorCard() {
  const doctor = useQuery({ ...queryOf(api.doctor), enabled: false, staleTime: Number.POSITIVE_INFINITY });
  const report = doctor.data;
  return (
    <Card component="section" aria-labelledby="doctor-card-title">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="lg" id="doctor-card-title">
          Deployment checks
        </Title>
        <Button size="xs" variant="light" loading={doctor.isFetching} onClick={() => void doctor.refetch()}>
          {report ? 'Check again' : 'Run checks'}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        The database, sign-in, mail servers, AI provider, DNS, clock and disk, as the doctor command checks
        them.
      </Text>
      {doctor.isError && <Text c="red">{errorDetail(doctor.error, 'Could not run the checks')}</Text>}
      {report && (
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {report.ok
              ? 'Every check passed.'
              : `${report.checks.filter((c) => c.status !== 'pass').length} of ${report.checks.length} checks need a look.`}
          </Text>
          {report.checks.map((check) => (
            <Stack key={check.id} gap={2}>
              <Group gap="xs" wrap="nowrap">
                <Badge color={COLORS[check.status]} variant="light" w={56}>
                  {check.status}
                </Badge>
                <Text size="sm" fw={600}>
                  {check.title}
                </Text>
              </Group>
              <Text size="sm">{check.why}</Text>
              {check.todo && (
                <Text size="sm" c="dimmed">
                  To do: {check.todo}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}

import { Anchor, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { api } from '../../../contract/api';
import { DailyStats } from './daily-stats';
import { DeleteAccount } from './delete-account';
import { DnsCheck } from './dns-check';
import { ExportDataButton } from './export-data-button';

/** Data: export, the API's reference, DNS authentication check, today's sending statistics and account deletion. */
export function DataCard({ senderEmail }: { senderEmail: string | null }) {
  return (
    <Card component="section" aria-labelledby="data-card-title">
      <Title order={2} fz="lg" id="data-card-title">
        Data
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Your data, your domain’s email authentication and today’s sending.
      </Text>
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text fw={600}>Export</Text>
            <Text size="sm" c="dimmed">
              Download your campaign data as a CSV file.
            </Text>
          </div>
          <ExportDataButton />
        </Group>
        <Divider />
        {/* Plain links, not the client's router: both are pages the server writes (docs/api.md). */}
        <div>
          <Text fw={600}>API</Text>
          <Text size="sm" c="dimmed">
            Every call of Tailor’s API and the webhook events:{' '}
            <Anchor href={api.docs.reference.path} underline="always">
              API reference
            </Anchor>
            , or the{' '}
            <Anchor href={api.docs.openapi.path} underline="always">
              OpenAPI document
            </Anchor>{' '}
            for tools.
          </Text>
        </div>
        <Divider />
        <DnsCheck email={senderEmail} />
        <Divider />
        <DailyStats />
        <Divider />
        <DeleteAccount />
      </Stack>
    </Card>
  );
}

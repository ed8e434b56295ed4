import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { hrefOf, queryOf } from '../../api';
import { DownloadButton } from './export-data-button';

const SHOWN = 50;

/** What a line of the record says happened, in words. */
const ACTIONS: Record<string, string> = {
  'workspace.created': 'made the workspace',
  'workspace.settings_changed': 'changed its settings',
  'invitation.created': 'invited someone',
  'invitation.revoked': 'revoked an invitation',
  'invitation.accepted': 'joined',
  'member.role_changed': "changed a member's role",
  'member.removed': 'removed a member',
  'email.generated': 'generated an email',
  'email.edited': 'edited an email',
  'email.approved': 'approved an email',
  'email.unapproved': 'unapproved an email',
  'email.findings_dismissed': "dismissed an email's findings",
  'email.findings_restored': "restored an email's findings",
  'campaign.deleted': 'deleted a campaign',
  'campaign.recipient_added': 'added a colleague named in an answer to a campaign',
  'template.deleted': 'deleted a template',
  'export.data': 'exported the data',
  'export.unsubscribers': 'exported unsubscribers',
  'export.audit': 'exported the activity',
};

/** Activity, for owners: the latest lines of the workspace's record, and all of it as CSV. */
export function ActivityCard() {
  const { data } = useQuery(queryOf(api.workspaces.audit, { query: { limit: SHOWN } }));

  return (
    <Card component="section" aria-labelledby="activity-card-title">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="lg" id="activity-card-title">
          Activity
        </Title>
        <DownloadButton
          href={hrefOf(api.workspaces.exportAudit)}
          filename="workspace-activity.csv"
          label="Export CSV"
          size="xs"
        />
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Who did what in this workspace, newest first. Nobody can change it.
      </Text>
      <Stack gap={0}>
        <Table>
          <Table.Tbody>
            {data?.items.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Text size="sm">
                    {entry.actor ?? 'Tailor'} {ACTIONS[entry.action] ?? entry.action}
                    {entry.subjectType === 'email' || entry.subjectType === 'campaign'
                      ? ` (${entry.subjectType} ${entry.subjectId})`
                      : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {new Date(entry.at).toLocaleString()}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

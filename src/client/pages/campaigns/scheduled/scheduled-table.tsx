import { Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDateTime } from '../../../format-date';
import type { ScheduledEmail } from '../emails/email-queries';
import { isFollowUp, stepLabel } from '../review/email-step';

interface ScheduledTableProps {
  emails: ScheduledEmail[];
  /** Rows of this campaign are highlighted (the dialog was opened from its card). */
  highlightCampaignId: number | null;
  /** The email an action is running for, to show its spinner. */
  busyId: number | null;
  onEdit: (email: ScheduledEmail) => void;
  onSendNow: (email: ScheduledEmail) => void;
  onDelete: (email: ScheduledEmail) => void;
}

/**
 * Scheduled emails, soonest first: subject (and which step, for a follow-up due at its time),
 * recipient, campaign, time and what can be done.
 */
export function ScheduledTable({ emails, highlightCampaignId, busyId, ...on }: ScheduledTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" aria-label="Scheduled emails">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Recipient</Table.Th>
            <Table.Th>Campaign</Table.Th>
            <Table.Th>Scheduled for</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {emails.map((email) => (
            <Table.Tr
              key={email.id}
              bg={email.campaign.id === highlightCampaignId ? 'var(--mantine-color-indigo-light)' : undefined}
            >
              <Table.Td maw={240}>
                <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                  {email.subject || '(no subject)'}
                </Text>
                {isFollowUp(email) && (
                  <Text size="xs" c="dimmed">
                    {stepLabel(email.step)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{email.recipient.email}</Table.Td>
              <Table.Td>{email.campaign.name}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(email.scheduledFor)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => on.onEdit(email)}
                    disabled={busyId === email.id}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => on.onSendNow(email)}
                    loading={busyId === email.id}
                  >
                    Send Now
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => on.onDelete(email)}
                    disabled={busyId === email.id}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

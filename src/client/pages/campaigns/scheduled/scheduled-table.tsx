import { Checkbox, Table, Text, VisuallyHidden } from '@mantine/core';
import { TruncatedText } from '../../../components/truncated-text';
import { formatZonedDateTime } from '../../../format-zoned-time';
import type { ScheduledEmail } from '../emails/email-queries';
import { isFollowUp, stepLabel } from '../review/email-step';
import { ScheduledRowActions } from './scheduled-row-actions';

interface ScheduledTableProps {
  emails: ScheduledEmail[];
  /** Ids of the rows ticked for a bulk action. */
  selected: ReadonlySet<number>;
  onSelectedChange: (selected: Set<number>) => void;
  /** The email an action is running for, to show its spinner. */
  busyId: number | null;
  onEdit: (email: ScheduledEmail) => void;
  onSendNow: (email: ScheduledEmail) => void;
  onDelete: (email: ScheduledEmail) => void;
}

/**
 * Scheduled emails, soonest first: a box to tick, subject (and which step, for a follow-up due at
 * its time), recipient, campaign, time with its zone, and a menu of what can be done. The layout is
 * fixed, so long subjects, addresses and names end in an ellipsis instead of widening or wrapping
 * their column; on a phone the table scrolls sideways in its container.
 */
export function ScheduledTable({ emails, selected, onSelectedChange, busyId, ...on }: ScheduledTableProps) {
  const ticked = emails.filter((email) => selected.has(email.id)).length;
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    onSelectedChange(next);
  };

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" layout="fixed" aria-label="Scheduled emails">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all emails on this page"
                checked={ticked > 0 && ticked === emails.length}
                indeterminate={ticked > 0 && ticked < emails.length}
                onChange={() =>
                  onSelectedChange(new Set(ticked === emails.length ? [] : emails.map((e) => e.id)))
                }
              />
            </Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th w="26%">Recipient</Table.Th>
            <Table.Th w="17%">Campaign</Table.Th>
            <Table.Th w={230}>Scheduled for</Table.Th>
            <Table.Th w={52}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {emails.map((email) => (
            <Table.Tr
              key={email.id}
              bg={selected.has(email.id) ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td>
                <Checkbox
                  aria-label={`Select the email to ${email.recipient.email}`}
                  checked={selected.has(email.id)}
                  onChange={() => toggle(email.id)}
                />
              </Table.Td>
              <Table.Td>
                <TruncatedText text={email.subject || '(no subject)'} />
                {isFollowUp(email) && (
                  <Text size="xs" c="dimmed">
                    {stepLabel(email.step)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <TruncatedText text={email.recipient.email} />
              </Table.Td>
              <Table.Td>
                <TruncatedText text={email.campaign.name} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatZonedDateTime(email.scheduledFor)}</Text>
              </Table.Td>
              <Table.Td>
                <ScheduledRowActions
                  recipient={email.recipient.email}
                  busy={busyId === email.id}
                  onEdit={() => on.onEdit(email)}
                  onSendNow={() => on.onSendNow(email)}
                  onDelete={() => on.onDelete(email)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { SentEmailRow } from '../../../contract/analytics';
import { api } from '../../../contract/api';
import { hrefOf } from '../../api';
import { formatDateTime } from '../../format-date';
import { OpenedIcon } from './opened-icon';
import { ResponseIcons } from './response-icons';
import type { SentEmailsSort, SortOrder } from './sent-emails-params';
import { SortableHeader } from './sortable-header';

interface SentEmailsTableProps {
  emails: SentEmailRow[];
  sort: SentEmailsSort;
  order: SortOrder;
  onSort: (column: SentEmailsSort) => void;
  /** Dimmed while the next page loads in its place. */
  stale: boolean;
}

/**
 * One page of sent emails: recipient, subject, time, whether it was opened, replied to or bounced, and
 * the message itself.
 */
export function SentEmailsTable({ emails, sort, order, onSort, stale }: SentEmailsTableProps) {
  return (
    <Table.ScrollContainer minWidth={840}>
      <Table
        verticalSpacing="sm"
        aria-label="Sent emails"
        aria-busy={stale}
        style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <SortableHeader column="subject" label="Subject" sort={sort} order={order} onSort={onSort} />
            <SortableHeader column="sentAt" label="Sent At" sort={sort} order={order} onSort={onSort} />
            <Table.Th ta="center">Opened</Table.Th>
            <Table.Th ta="center">Response</Table.Th>
            <Table.Th>
              <VisuallyHidden>Message</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {emails.map((email) => (
            <Table.Tr key={email.id}>
              <Table.Td style={{ wordBreak: 'break-all' }}>{email.email}</Table.Td>
              <Table.Td maw={320}>
                <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                  {email.subject || '(no subject)'}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {email.campaignName}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(email.sentAt)}</Table.Td>
              <Table.Td ta="center">
                <OpenedIcon email={email} />
              </Table.Td>
              <Table.Td ta="center">
                <ResponseIcons email={email} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor
                  href={hrefOf(api.emails.raw, { params: { id: email.id } })}
                  target="_blank"
                  rel="noopener"
                  size="sm"
                >
                  View message <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} />
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

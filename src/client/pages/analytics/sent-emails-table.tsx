import { Anchor, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { SentEmailRow } from '../../../contract/analytics';
import { api } from '../../../contract/api';
import { hrefOf } from '../../api';
import { ScrollingTable } from '../../components/scrolling-table';
import { TruncatedText } from '../../components/truncated-text';
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
 * One page of sent emails: recipient (marked when they unsubscribed), subject, time, whether it was
 * opened, replied to or bounced, and the message itself. The layout is fixed: addresses, subjects and
 * campaign names end in an ellipsis (whole on hover) rather than breaking mid-word, and below the
 * minimum width, on a phone, the table scrolls sideways inside its container, which says so.
 */
export function SentEmailsTable({ emails, sort, order, onSort, stale }: SentEmailsTableProps) {
  return (
    <ScrollingTable minWidth={860} label="Sent emails table">
      <Table
        verticalSpacing="sm"
        layout="fixed"
        aria-label="Sent emails"
        aria-busy={stale}
        style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="26%">Email</Table.Th>
            <SortableHeader column="subject" label="Subject" sort={sort} order={order} onSort={onSort} />
            <SortableHeader
              column="sentAt"
              label="Sent At"
              sort={sort}
              order={order}
              onSort={onSort}
              w={175}
            />
            <Table.Th ta="center" w={76}>
              Opened
            </Table.Th>
            <Table.Th ta="center" w={92}>
              Response
            </Table.Th>
            <Table.Th w={132}>
              <VisuallyHidden>Message</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {emails.map((email) => (
            <Table.Tr key={email.id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <TruncatedText text={email.email} style={{ minWidth: 0 }} />
                  {email.unsubscribed && (
                    <Badge size="xs" variant="light" color="orange" style={{ flexShrink: 0 }}>
                      Unsubscribed
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2} style={{ overflowWrap: 'break-word' }}>
                  {email.subject || '(no subject)'}
                </Text>
                <TruncatedText text={email.campaignName} size="xs" c="dimmed" />
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
    </ScrollingTable>
  );
}

import { Badge, Card, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { MailboxAnalytics } from '../../../contract/analytics';
import { formatCount, formatRate } from './analytics-format';

const STATE_LABELS: Record<MailboxAnalytics['state'], string | null> = {
  active: null,
  needs_credentials: 'Needs a new login',
  paused: 'Paused',
};

/**
 * The workspace's sends, replies and bounces by the mailbox each email left from, with today's use
 * of each mailbox's daily limit. Shown once the workspace's campaigns sent from more than one
 * mailbox (with one, the totals above are its figures).
 */
export function MailboxTable({ mailboxes }: { mailboxes: MailboxAnalytics[] | undefined }) {
  const titleId = useId();
  if (!mailboxes || mailboxes.length < 2) return null;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" mb="md" id={titleId}>
        By mailbox
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mailbox</Table.Th>
              <Table.Th ta="right">Sent</Table.Th>
              <Table.Th ta="right">Replies</Table.Th>
              <Table.Th ta="right">Hard bounces</Table.Th>
              <Table.Th ta="right">Sent today</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mailboxes.map((m) => (
              <Table.Tr key={m.mailboxId}>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {m.address}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {m.owner}
                  </Text>
                  {STATE_LABELS[m.state] && (
                    <Badge size="sm" color="orange" variant="light">
                      {STATE_LABELS[m.state]}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatCount(m.sent)}</Table.Td>
                <Table.Td ta="right">
                  {formatCount(m.replied)} ({formatRate(m.replyRate)})
                </Table.Td>
                <Table.Td ta="right">
                  {formatCount(m.bounced)} ({formatRate(m.bounceRate)})
                </Table.Td>
                <Table.Td ta="right">
                  {formatCount(m.sentToday)} of {formatCount(m.dailyLimit)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

import { Card, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { MemberAnalytics } from '../../../contract/analytics';
import { formatCount, formatRate } from './analytics-format';

/**
 * The workspace's figures by member: what the campaigns each person made did. Shown once the
 * workspace has campaigns from more than one person.
 */
export function MemberTable({ members }: { members: MemberAnalytics[] | undefined }) {
  const titleId = useId();
  if (!members || members.length < 2) return null;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" mb="md" id={titleId}>
        By member
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member</Table.Th>
              <Table.Th ta="right">Sent</Table.Th>
              <Table.Th ta="right">Open rate</Table.Th>
              <Table.Th ta="right">Reply rate</Table.Th>
              <Table.Th ta="right">Bounce rate</Table.Th>
              <Table.Th ta="right">Unsubscribes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((m) => (
              <Table.Tr key={m.userId}>
                <Table.Td>
                  <Text size="sm">{m.name ?? m.email}</Text>
                </Table.Td>
                <Table.Td ta="right">{formatCount(m.sent)}</Table.Td>
                <Table.Td ta="right">{formatRate(m.openRate)}</Table.Td>
                <Table.Td ta="right">{formatRate(m.replyRate)}</Table.Td>
                <Table.Td ta="right">{formatRate(m.bounceRate)}</Table.Td>
                <Table.Td ta="right">{formatCount(m.unsubscribes)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

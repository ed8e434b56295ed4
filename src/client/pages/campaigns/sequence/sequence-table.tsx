import { Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { SequenceRow } from './sequence-queries';
import { dueText, nextStepText, SEQUENCE_STATES } from './sequence-state';

interface SequenceTableProps {
  rows: SequenceRow[];
  /** The campaign's steps, the first email included. */
  totalSteps: number;
  /** The recipient whose Stop is running, to show its spinner. */
  stoppingId: number | null;
  onStop: (row: SequenceRow) => void;
}

/** Each recipient's place in the sequence: state (and why it stopped), steps sent, the next one and when. */
export function SequenceTable({ rows, totalSteps, stoppingId, onStop }: SequenceTableProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" aria-label="Sequence by recipient">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Recipient</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Sent steps</Table.Th>
            <Table.Th>Next step</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const state = SEQUENCE_STATES[row.state];
            return (
              <Table.Tr key={row.recipientId}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{row.email}</Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <Badge color={state.color} variant="light" radius="sm">
                      {state.label}
                    </Badge>
                    {row.state === 'stopped' && row.reason && (
                      <Text size="xs" c="dimmed">
                        {row.reason}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {row.sentSteps.toLocaleString()} of {totalSteps.toLocaleString()}
                </Table.Td>
                <Table.Td>{nextStepText(row)}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={row.state === 'active' && !row.dueAt ? 'dimmed' : undefined}>
                    {dueText(row)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {row.state === 'active' && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      // Visible "Stop" first, so speech input can say what it sees; the recipient tells rows apart.
                      aria-label={`Stop follow-ups to ${row.email}`}
                      loading={stoppingId === row.recipientId}
                      disabled={stoppingId !== null && stoppingId !== row.recipientId}
                      onClick={() => onStop(row)}
                    >
                      Stop
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

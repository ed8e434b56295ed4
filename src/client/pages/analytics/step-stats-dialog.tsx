import { Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { StepStats } from '../../../contract/sequences';
import { formatCount, formatShare, stepLabel } from './analytics-format';
import { stepStatsQuery } from './analytics-queries';
import { ListLoadStates } from './list-load-states';
import { useFailureToast } from './use-failure-toast';

interface StepStatsDialogProps {
  /** The campaign whose sequence is shown; null keeps the dialog closed. */
  campaign: { campaignId: number; name: string } | null;
  onClose: () => void;
}

/** Where in a campaign's sequence people replied, bounced or unsubscribed: its figures per step. */
export function StepStatsDialog({ campaign, onClose }: StepStatsDialogProps) {
  return (
    <Modal
      opened={campaign !== null}
      onClose={onClose}
      title={campaign ? `${campaign.name}: by step` : 'By step'}
      size="xl"
      centered
    >
      {campaign && <StepFigures campaignId={campaign.campaignId} />}
    </Modal>
  );
}

function StepFigures({ campaignId }: { campaignId: number }) {
  const { data, error } = useQuery(stepStatsQuery(campaignId));
  useFailureToast(error);

  return (
    <Stack gap="md">
      <ListLoadStates
        data={data}
        error={error}
        errorTitle="Could not load the figures by step"
        empty="No emails sent yet"
      />
      {data && data.length > 0 && (
        <>
          <StepTable steps={data} />
          {/* The rates differ in meaning from the page's: say what they are taken of. */}
          <Text size="xs" c="dimmed">
            A reply, bounce or unsubscribe counts on the step whose email it answered; rates are of that
            step’s sent emails.
          </Text>
        </>
      )}
    </Stack>
  );
}

function StepTable({ steps }: { steps: StepStats }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" aria-label="Figures by step">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Step</Table.Th>
            <Table.Th ta="right">Sent</Table.Th>
            <Table.Th ta="right">Replied</Table.Th>
            <Table.Th ta="right">Reply rate</Table.Th>
            <Table.Th ta="right">Bounced</Table.Th>
            <Table.Th ta="right">Bounce rate</Table.Th>
            <Table.Th ta="right">Unsubscribed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {steps.map((s) => (
            <Table.Tr key={s.step}>
              <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {stepLabel(s.step)}
              </Table.Th>
              <Table.Td ta="right">{formatCount(s.sent)}</Table.Td>
              <Table.Td ta="right">{formatCount(s.replied)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatShare(s.replyRate)}
              </Table.Td>
              <Table.Td ta="right">{formatCount(s.bounced)}</Table.Td>
              <Table.Td ta="right">{formatShare(s.bounceRate)}</Table.Td>
              <Table.Td ta="right">{formatCount(s.unsubscribed)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

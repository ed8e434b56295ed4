import { Alert, Button, Center, Group, Modal, Pagination, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlayerStop } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Campaign } from '../../../../contract/campaigns';
import { errorDetail } from '../../../api';
import { Busy } from '../../../components/busy';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { sequencePageQuery } from './sequence-queries';
import { SequenceTable } from './sequence-table';
import { useSequenceActions } from './use-sequence-actions';

interface SequenceDialogProps {
  /** The campaign whose sequence to show; null keeps the dialog closed. */
  campaign: Campaign | null;
  onClose: () => void;
}

const PAGE_SIZE = 20;

/** "Sequence": where each recipient of a campaign with follow-ups stands, and stopping their follow-ups. */
export function SequenceDialog({ campaign, onClose }: SequenceDialogProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  // Without a modal stack, Escape closes every open modal: leave it to the confirmation on top.
  const [nested, setNested] = useState(false);
  return (
    <Modal
      opened={campaign !== null}
      onClose={onClose}
      title="Sequence"
      size="xl"
      fullScreen={narrow}
      closeOnEscape={!nested}
    >
      {/* Keyed so another campaign starts on its first page. */}
      {campaign && <Sequence key={campaign.id} campaign={campaign} onNestedChange={setNested} />}
    </Modal>
  );
}

interface SequenceProps {
  campaign: Campaign;
  onNestedChange: (open: boolean) => void;
}

function Sequence({ campaign, onNestedChange }: SequenceProps) {
  const [page, setPage] = useState(0);
  const { data, error, isPending } = useQuery({
    ...sequencePageQuery(campaign.id, page, PAGE_SIZE),
    // The page on screen stays while the next one loads, so the pagination does not jump.
    placeholderData: keepPreviousData,
  });
  const actions = useSequenceActions(campaign.id);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => onNestedChange(confirming), [onNestedChange, confirming]);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  const totalSteps = campaign.steps.length + 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {campaign.name}: {totalSteps} steps
        </Text>
        <Button
          variant="light"
          color="red"
          leftSection={<IconPlayerStop size={16} />}
          onClick={() => setConfirming(true)}
        >
          Stop sequence
        </Button>
      </Group>
      {error ? (
        <Alert color="red" title="Could not load the sequence">
          {errorDetail(error, 'Please try again.')}
        </Alert>
      ) : isPending ? (
        <Center mih={160}>
          <Busy label="Loading the sequence" />
        </Center>
      ) : data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          This campaign has no recipients.
        </Text>
      ) : (
        <SequenceTable
          rows={data.items}
          totalSteps={totalSteps}
          stoppingId={actions.stop.isPending ? (actions.stop.variables?.recipientId ?? null) : null}
          onStop={(row) => actions.stop.mutate({ recipientId: row.recipientId })}
        />
      )}
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {data?.total.toLocaleString()} recipients
          </Text>
          <Pagination total={pages} value={page + 1} onChange={(value) => setPage(value - 1)} />
        </Group>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Stop sequence"
        message={`Stop every follow-up of “${campaign.name}” that has not been sent yet?`}
        confirmLabel="Stop all follow-ups"
        loading={actions.stopAll.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => actions.stopAll.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        <Text size="sm" c="dimmed">
          Emails already sent are not affected. Stopped follow-ups are never sent.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

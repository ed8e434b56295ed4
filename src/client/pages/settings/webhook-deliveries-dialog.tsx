import { Alert, Button, Center, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../contract/api';
import type { WebhookDeliveryState, WebhookEndpointView } from '../../../contract/webhooks';
import { call, errorDetail, keyOf } from '../../api';
import { Busy } from '../../components/busy';
import { useWebhookReplay } from './use-webhook-replay';
import { WebhookDeliveriesTable } from './webhook-deliveries-table';
import { WebhookDeliveryDetail } from './webhook-delivery-detail';
import { WebhookReplayFailed } from './webhook-replay-failed';

/** Deliveries read per page; "Load more" reads the next. */
export const DELIVERIES_PAGE = 50;

type StateFilter = WebhookDeliveryState | 'all';

const FILTERS: { label: string; value: StateFilter }[] = [
  { label: 'All', value: 'all' },
  { label: 'Pending', value: 'pending' },
  { label: 'Delivered', value: 'delivered' },
  { label: 'Failed', value: 'failed' },
];

/** An endpoint's delivery log (issue #33): its deliveries, one's detail, and replays. */
export function WebhookDeliveriesDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointView | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={endpoint !== null}
      onClose={onClose}
      title={endpoint ? `Deliveries to ${endpoint.url}` : 'Deliveries'}
      size="xl"
    >
      {/* Mounted only while open: each opening starts on the newest deliveries, unfiltered. */}
      {endpoint && <DeliveryLog endpointId={endpoint.id} />}
    </Modal>
  );
}

function DeliveryLog({ endpointId }: { endpointId: number }) {
  const [filter, setFilter] = useState<StateFilter>('all');
  const [openId, setOpenId] = useState<number | null>(null);
  const [askingRange, setAskingRange] = useState(false);
  const replay = useWebhookReplay(endpointId);
  const state = filter === 'all' ? undefined : filter;
  const log = useInfiniteQuery({
    queryKey: keyOf(api.webhooks.deliveries, { params: { id: endpointId }, query: { state } }),
    queryFn: ({ pageParam, signal }) =>
      call(api.webhooks.deliveries, {
        params: { id: endpointId },
        query: { state, before: pageParam, limit: DELIVERIES_PAGE },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    // Deliveries go out in the background: each opening reads the log afresh.
    refetchOnMount: 'always',
  });
  const deliveries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const replayingId = replay.one.isPending ? (replay.one.variables ?? null) : null;

  return (
    <Stack gap="md">
      {replay.notice && (
        <Alert color={replay.notice.ok ? 'teal' : 'red'} role={replay.notice.ok ? 'status' : 'alert'}>
          {replay.notice.text}
        </Alert>
      )}
      {openId !== null ? (
        <WebhookDeliveryDetail
          endpointId={endpointId}
          deliveryId={openId}
          replaying={replayingId === openId}
          onBack={() => setOpenId(null)}
          onReplay={() => replay.one.mutate(openId)}
        />
      ) : (
        <>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <SegmentedControl
              aria-label="Show deliveries"
              size="xs"
              data={FILTERS}
              value={filter}
              onChange={(value) => setFilter(value as StateFilter)}
            />
            <Button size="xs" variant="light" onClick={() => setAskingRange((asking) => !asking)}>
              Replay failed…
            </Button>
          </Group>
          {askingRange && (
            <WebhookReplayFailed
              loading={replay.failed.isPending}
              onCancel={() => setAskingRange(false)}
              onReplay={(range) => replay.failed.mutate(range, { onSuccess: () => setAskingRange(false) })}
            />
          )}
          {log.error && (
            <Text size="sm" c="red" role="alert">
              {errorDetail(log.error, 'Could not read the deliveries')}
            </Text>
          )}
          {log.isPending && (
            <Center py="md">
              <Busy size="sm" label="Loading deliveries" />
            </Center>
          )}
          {log.isSuccess && deliveries.length === 0 && (
            <Text size="sm">{state ? `No ${state} deliveries.` : 'No deliveries yet.'}</Text>
          )}
          {deliveries.length > 0 && (
            <WebhookDeliveriesTable
              deliveries={deliveries}
              replayingId={replayingId}
              onOpen={setOpenId}
              onReplay={(id) => replay.one.mutate(id)}
            />
          )}
          {log.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                size="xs"
                loading={log.isFetchingNextPage}
                onClick={() => log.fetchNextPage()}
              >
                Load more
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

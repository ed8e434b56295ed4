import { Alert, Group, Modal, Pagination, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isUnauthorized } from '../../api';
import { InboundMessage } from '../../components/inbound-message';
import { formatCount } from './analytics-format';
import { REPLIES_PAGE_SIZE, repliesQuery } from './analytics-queries';
import { useFailureToast } from './use-failure-toast';

interface RepliesDialogProps {
  /** The campaign whose replies are shown; null keeps the dialog closed. */
  campaign: { campaignId: number; name: string } | null;
  onClose: () => void;
}

/** People's replies to one campaign (docs/product.md §12), newest first, a page at a time. */
export function RepliesDialog({ campaign, onClose }: RepliesDialogProps) {
  return (
    <Modal
      opened={campaign !== null}
      onClose={onClose}
      title={campaign ? `Replies: ${campaign.name}` : 'Replies'}
      size="lg"
      centered
    >
      {/* Keyed so another campaign starts on its first page. */}
      {campaign && <ReplyList key={campaign.campaignId} campaignId={campaign.campaignId} />}
    </Modal>
  );
}

function ReplyList({ campaignId }: { campaignId: number }) {
  const [page, setPage] = useState(0);
  const { data, error, isPlaceholderData } = useQuery(repliesQuery(campaignId, page));
  useFailureToast(error);
  const pages = data ? Math.ceil(data.total / REPLIES_PAGE_SIZE) : 0;

  return (
    <Stack gap="md">
      {error && !isUnauthorized(error) && (
        <Alert color="red" title="Could not load the replies">
          {error.message}
        </Alert>
      )}
      {!data && !error && (
        <Stack gap="xs">
          <Skeleton h={72} />
          <Skeleton h={72} />
        </Stack>
      )}
      {data?.total === 0 && (
        <Text c="dimmed" ta="center" py="md">
          No replies yet
        </Text>
      )}
      {data && data.items.length > 0 && (
        <ScrollArea.Autosize mah="60vh">
          <Stack
            component="ul"
            gap="xs"
            aria-label="Replies"
            aria-busy={isPlaceholderData}
            m={0}
            p={0}
            style={{ listStyle: 'none', opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          >
            {data.items.map((reply) => (
              <li key={reply.id}>
                <InboundMessage message={reply} recipientEmail={reply.recipientEmail} />
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {data && data.total > 0 && (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed">
            {data.total === 1 ? '1 reply' : `${formatCount(data.total)} replies`}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page + 1}
              onChange={(value) => setPage(value - 1)}
              size="sm"
              aria-label="Replies pages"
            />
          )}
        </Group>
      )}
    </Stack>
  );
}

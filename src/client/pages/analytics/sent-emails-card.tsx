import { Alert, Card, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CampaignAnalytics } from '../../../contract/analytics';
import { isUnauthorized } from '../../api';
import { formatCount } from './analytics-format';
import { sentEmailsQuery } from './analytics-queries';
import { OpenedLegend } from './opened-legend';
import { SentEmailsFilters } from './sent-emails-filters';
import { pageCount, toggleSort, withFilter } from './sent-emails-params';
import { SentEmailsTable } from './sent-emails-table';
import { useFailureToast } from './use-failure-toast';
import { useSentEmailsParams } from './use-sent-emails-params';

/**
 * The Sent Emails table (docs/product.md §8), paged, sorted and filtered on the server; the choices
 * live in the address bar, so a reload or a shared link shows the same rows.
 */
export function SentEmailsCard({ campaigns }: { campaigns: CampaignAnalytics[] }) {
  const [params, setParams] = useSentEmailsParams();
  const { data, error, isPlaceholderData } = useQuery(sentEmailsQuery(params));
  useFailureToast(error);
  const pages = data ? pageCount(data.total, params.pageSize) : 0;

  return (
    <Card component="section" aria-labelledby="sent-emails-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="sent-emails-title">
          Sent Emails
        </Title>
        <SentEmailsFilters
          campaigns={campaigns}
          campaignId={params.campaignId}
          opened={params.opened}
          onCampaignChange={(campaignId) => setParams((p) => withFilter(p, { campaignId }))}
          onOpenedChange={(opened) => setParams((p) => withFilter(p, { opened }))}
        />
        {error && !isUnauthorized(error) && (
          <Alert color="red" title="Could not load the sent emails">
            {error.message}
          </Alert>
        )}
        {!data && !error && (
          <Stack gap="xs">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} h={36} />
            ))}
          </Stack>
        )}
        {data?.total === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            {params.campaignId === null && params.opened === 'all'
              ? 'No emails sent yet'
              : 'No sent emails match these filters'}
          </Text>
        )}
        {data && data.total > 0 && (
          <>
            <SentEmailsTable
              emails={data.items}
              sort={params.sort}
              order={params.order}
              onSort={(column) => setParams((p) => toggleSort(p, column))}
              stale={isPlaceholderData}
            />
            <OpenedLegend />
            <Group justify="space-between" wrap="wrap" gap="sm">
              {/* From the reply, so the range matches the rows shown while the next page loads. */}
              <Text size="sm" c="dimmed">
                {rangeText(data.page, data.pageSize, data.items.length, data.total)}
              </Text>
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={params.page}
                  onChange={(page) => setParams((p) => ({ ...p, page }))}
                  size="sm"
                  aria-label="Sent emails pages"
                />
              )}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

function rangeText(page: number, pageSize: number, shown: number, total: number) {
  if (shown === 0) return `${formatCount(total)} emails`;
  const first = (page - 1) * pageSize + 1;
  return `${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatCount(total)}`;
}

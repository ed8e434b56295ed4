import { Badge, Button, Card, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconListNumbers, IconMessageReply, IconUserMinus } from '@tabler/icons-react';
import type { CampaignAnalytics } from '../../../contract/analytics';
import { ScrollingTable } from '../../components/scrolling-table';
import { useShowMore } from '../../components/show-more';
import { formatCount, formatRate } from './analytics-format';
import classes from './campaign-table.module.css';

/** Below this width (phones, tablets) the table scrolls sideways; 1280 px beside the sidebar leave ~895. */
const MIN_WIDTH = 860;

/** Rows built at first, and per "Show more" (each has its buttons). */
const ROWS_AT_A_TIME = 25;

interface CampaignTableProps {
  campaigns: CampaignAnalytics[] | undefined;
  onViewUnsubscribers: (campaign: CampaignAnalytics) => void;
  onViewReplies: (campaign: CampaignAnalytics) => void;
  onViewSteps: (campaign: CampaignAnalytics) => void;
  /** The overview could not be read (the page says why). */
  failed: boolean;
}

/**
 * docs/product.md §8: per campaign Sent, Opened, Unopened and Open Rate, with the machine-inclusive figures
 * beside them, then the reply and (hard) bounce rates of §12. A campaign with follow-ups also
 * offers its figures by step.
 */
export function CampaignTable({
  campaigns,
  onViewUnsubscribers,
  onViewReplies,
  onViewSteps,
  failed,
}: CampaignTableProps) {
  const { shown, more } = useShowMore(campaigns, ROWS_AT_A_TIME);
  return (
    <Card component="section" aria-labelledby="campaign-table-title">
      <Title order={2} fz="lg" mb="md" id="campaign-table-title">
        Campaigns
      </Title>
      {failed && (
        <Text c="dimmed" ta="center" py="xl">
          Not available
        </Text>
      )}
      {!campaigns && !failed && (
        <Stack gap="sm">
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      )}
      {campaigns?.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No emails sent yet
        </Text>
      )}
      {campaigns && campaigns.length > 0 && (
        // Narrow screens scroll sideways, and say so; at 1280 px (beside the sidebar, with a
        // scrollbar: some 895 px) the table fits, long names and "By step" included: cells keep 6 px
        // a side and each row's buttons, one above the other, say only what they open (the column is
        // the actions'; their names for assistive technology keep "View"). On wide screens the
        // buttons column stays in view even if a scroll is needed.
        <ScrollingTable minWidth={MIN_WIDTH} label="Campaigns table">
          <Table verticalSpacing="sm" horizontalSpacing={6} aria-label="Campaign performance">
            <Table.Thead fz="xs">
              <Table.Tr>
                <Table.Th>Campaign</Table.Th>
                <Table.Th ta="right">Sent</Table.Th>
                <Table.Th ta="right">Opened</Table.Th>
                <Table.Th ta="right">Unopened</Table.Th>
                <Table.Th ta="right">Open Rate</Table.Th>
                <Table.Th ta="right">Opened incl. machine</Table.Th>
                <Table.Th ta="right">Rate incl. machine</Table.Th>
                <Table.Th ta="right">Reply Rate</Table.Th>
                <Table.Th ta="right">Bounce Rate</Table.Th>
                <Table.Th ta="right">Unsubscribes</Table.Th>
                <Table.Th className={classes.actions}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((c) => (
                <Table.Tr key={c.campaignId}>
                  <Table.Td miw={140} maw={220}>
                    {/* The whole name, wrapping: a cut name cannot be told from its neighbours. */}
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {c.name}
                    </Text>
                    {c.archived && (
                      <Badge size="xs" variant="light" color="gray">
                        Archived
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(c.sent)}</Table.Td>
                  <Table.Td ta="right">{formatCount(c.opened)}</Table.Td>
                  <Table.Td ta="right">{formatCount(c.unopened)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatRate(c.openRate)}
                  </Table.Td>
                  <Table.Td ta="right" c="dimmed">
                    {formatCount(c.openedIncludingMachine)}
                  </Table.Td>
                  <Table.Td ta="right" c="dimmed">
                    {formatRate(c.openRateIncludingMachine)}
                  </Table.Td>
                  <Table.Td ta="right">{formatRate(c.replyRate)}</Table.Td>
                  <Table.Td ta="right">{formatRate(c.bounceRate)}</Table.Td>
                  <Table.Td ta="right">{formatCount(c.unsubscribes)}</Table.Td>
                  <Table.Td className={classes.actions}>
                    <Stack gap={4} align="stretch">
                      <Button
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconMessageReply size={14} />}
                        onClick={() => onViewReplies(c)}
                        aria-label="View Replies"
                      >
                        Replies
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconUserMinus size={14} />}
                        onClick={() => onViewUnsubscribers(c)}
                        aria-label="View Unsubscribers"
                      >
                        Unsubscribers
                      </Button>
                      {c.hasFollowUps && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          leftSection={<IconListNumbers size={14} />}
                          onClick={() => onViewSteps(c)}
                          aria-label="View by Step"
                        >
                          By step
                        </Button>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollingTable>
      )}
      {more}
    </Card>
  );
}

import { SegmentedControl, Select, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import type { InboxItem } from '../../../contract/inbox';
import { queryOf } from '../../api';
import { CATEGORY_OPTIONS, NO_CATEGORY, UNCATEGORISED } from '../../components/answer-categories';
import { ANY, assigneeFilterOptions, campaignOptions, mailboxOptions } from './filter-options';
import { membersQuery } from './inbox-queries';
import type { AssigneeFilter, CategoryFilter, InboxFilters as Filters, InboxStatus } from './inbox-url';

/** Read or not; Unread names how many of the whole inbox are, as the sidebar's badge does. */
const statusOptions = (unread: number | undefined): { label: string; value: InboxStatus }[] => [
  { label: 'All', value: 'all' },
  { label: unread ? `Unread (${unread.toLocaleString()})` : 'Unread', value: 'unread' },
  { label: 'Read', value: 'read' },
];

const CATEGORY_FILTER_OPTIONS = [
  { value: ANY, label: 'Any category' },
  ...CATEGORY_OPTIONS,
  { value: NO_CATEGORY, label: UNCATEGORISED },
];

// Read once and kept: the campaigns and mailboxes a workspace sends from change rarely, and one an
// answer listed names is offered all the same (filter-options).
const overviewOnce = queryOf(api.analytics.overview);

interface InboxFiltersProps {
  filters: Filters;
  /** The answers listed, whose campaigns, mailboxes and assignees are offered too. */
  items: readonly InboxItem[];
  /** Unread answers in the whole inbox; undefined while unknown. */
  unread: number | undefined;
  onChange: (change: Partial<Omit<Filters, 'page'>>) => void;
}

const numberOr = (value: string | null) => (value === null || value === ANY ? null : Number(value));

/** Which answers the inbox lists: read or not, by category, campaign, mailbox and assignee. */
export function InboxFilters({ filters, items, unread, onChange }: InboxFiltersProps) {
  const { data: overview } = useQuery(overviewOnce);
  const { data: members } = useQuery(membersQuery);
  const select = { allowDeselect: false, comboboxProps: { withinPortal: true } } as const;
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Read or unread"
        data={statusOptions(unread)}
        value={filters.status}
        onChange={(value) => onChange({ status: value as InboxStatus })}
        style={{ alignSelf: 'flex-start' }}
      />
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        <Select
          {...select}
          label="Category"
          data={CATEGORY_FILTER_OPTIONS}
          value={filters.category ?? ANY}
          onChange={(value) =>
            onChange({ category: value === null || value === ANY ? null : (value as CategoryFilter) })
          }
        />
        <Select
          {...select}
          label="Campaign"
          data={campaignOptions(overview, items, filters.campaignId)}
          value={filters.campaignId === null ? ANY : String(filters.campaignId)}
          onChange={(value) => onChange({ campaignId: numberOr(value) })}
          searchable={(overview?.campaigns.length ?? 0) > 8}
        />
        <Select
          {...select}
          label="Mailbox"
          data={mailboxOptions(overview, items, filters.mailboxId)}
          value={filters.mailboxId === null ? ANY : String(filters.mailboxId)}
          onChange={(value) => onChange({ mailboxId: numberOr(value) })}
        />
        <Select
          {...select}
          label="Assigned to"
          data={assigneeFilterOptions(members, items, filters.assignee)}
          value={filters.assignee === null ? ANY : String(filters.assignee)}
          onChange={(value) =>
            onChange({
              assignee:
                value === 'me' || value === 'nobody' ? value : (numberOr(value) as AssigneeFilter | null),
            })
          }
        />
      </SimpleGrid>
    </Stack>
  );
}

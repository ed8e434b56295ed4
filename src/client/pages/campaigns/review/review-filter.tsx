import { Button, Group, Stack, Text } from '@mantine/core';
import { FINDING_KINDS, type FindingKind } from '../../../../contract/draft-findings';
import type { EmailCounts } from '../emails/email-queries';
import { FINDING_KIND_LABELS } from './email-findings';

/** Which part of the queue the review shows: every email, those needing attention, or one kind's. */
export type ReviewFilter = 'all' | 'any' | FindingKind;

/** The list's `finding` for a filter: none for All. */
export const findingOf = (filter: ReviewFilter) => (filter === 'all' ? undefined : filter);

interface FilterOption {
  value: ReviewFilter;
  label: string;
  count: number | undefined;
}

interface ReviewFilterRowProps {
  filter: ReviewFilter;
  onChange: (filter: ReviewFilter) => void;
  /** Every email of the campaign; undefined until known. */
  allTotal: number | undefined;
  counts: EmailCounts | undefined;
  /** While an email is being edited: another list would take the email from under the editor. */
  disabled: boolean;
}

/**
 * All, then Needs attention and one button per kind of finding while they hold emails back, each with
 * its count (emails needing attention; one may count under several kinds). The chosen filter keeps its
 * button when its count reaches zero, so the user can see where they are.
 */
export function ReviewFilterRow({ filter, onChange, allTotal, counts, disabled }: ReviewFilterRowProps) {
  const all: FilterOption[] = [
    { value: 'all', label: 'All', count: allTotal },
    { value: 'any', label: 'Needs attention', count: counts?.needsAttention },
    ...FINDING_KINDS.map((kind) => ({
      value: kind,
      label: FINDING_KIND_LABELS[kind],
      count: counts?.byKind[kind],
    })),
  ];
  const options = all.filter(({ value, count }) => value === 'all' || value === filter || (count ?? 0) > 0);
  const unchecked = counts?.unchecked ?? 0;

  return (
    <Stack gap={4}>
      <Group gap="xs" role="group" aria-label="Show emails">
        {options.map(({ value, label, count }) => (
          <Button
            key={value}
            size="compact-sm"
            radius="xl"
            variant={filter === value ? 'filled' : 'default'}
            aria-pressed={filter === value}
            disabled={disabled}
            onClick={() => onChange(value)}
          >
            {count === undefined ? label : `${label} (${count.toLocaleString()})`}
          </Button>
        ))}
      </Group>
      {/* The checks run in the background after generation; their results arrive while the user reads. */}
      {unchecked > 0 && (
        <Text size="xs" c="dimmed">
          {`Checking ${unchecked.toLocaleString()} ${unchecked === 1 ? 'draft' : 'drafts'}…`}
        </Text>
      )}
    </Stack>
  );
}

/** A filtered list the user has worked through: every email in it approved, dismissed or fixed. */
export function NothingLeft({ onShowAll }: { onShowAll: () => void }) {
  return (
    <Stack align="center" gap="xs" py="xl">
      <Text c="dimmed">Nothing left here</Text>
      <Button variant="light" onClick={onShowAll}>
        Show all emails
      </Button>
    </Stack>
  );
}

import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { SentEmailsSort, SortOrder } from './sent-emails-params';

interface SortableHeaderProps {
  column: SentEmailsSort;
  label: string;
  /** The table's current sort. */
  sort: SentEmailsSort;
  order: SortOrder;
  onSort: (column: SentEmailsSort) => void;
  /** The column's width, in a table of fixed layout. */
  w?: number | string;
}

/** A column header that sorts the table when clicked, showing the direction when it is the sort column. */
export function SortableHeader({ column, label, sort, order, onSort, w }: SortableHeaderProps) {
  const active = sort === column;
  const Icon = !active ? IconSelector : order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'} p={0} w={w}>
      <UnstyledButton onClick={() => onSort(column)} px="sm" py="xs" w="100%" fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden color={active ? undefined : 'var(--mantine-color-gray-5)'} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

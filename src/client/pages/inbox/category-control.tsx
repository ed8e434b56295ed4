import { Group, Select } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { InboxItem } from '../../../contract/inbox';
import {
  CATEGORY_OPTIONS,
  categoryOfValue,
  NO_CATEGORY,
  UNCATEGORISED,
} from '../../components/answer-categories';
import { CALENDAR_LABELS } from '../../components/calendar-labels';
import type { CategoryChange } from './use-inbox-actions';

const OPTIONS = [...CATEGORY_OPTIONS, { value: NO_CATEGORY, label: UNCATEGORISED }];

interface CategoryControlProps {
  item: InboxItem;
  pending: boolean;
  onChange: (change: CategoryChange) => void;
}

/**
 * A person's category for the answer (reviewers and above), which wins over the rules' and the
 * AI's; for "not now", the day to write again. The same category again changes nothing, so the
 * day a "not now" already has is kept when it is chosen again.
 */
export function CategoryControl({ item, pending, onChange }: CategoryControlProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Category"
        data={OPTIONS}
        value={item.category ?? NO_CATEGORY}
        allowDeselect={false}
        disabled={pending}
        comboboxProps={{ withinPortal: true }}
        onChange={(value) => {
          const category = categoryOfValue(value);
          if (category !== item.category) onChange({ id: item.id, category, notNowUntil: null });
        }}
        w={{ base: '100%', xs: 220 }}
      />
      {item.category === 'not-now' && (
        <DateInput
          label="Write again on"
          placeholder="No day named"
          value={item.notNowUntil}
          onChange={(day) => {
            if (day !== item.notNowUntil) onChange({ id: item.id, category: 'not-now', notNowUntil: day });
          }}
          clearable
          disabled={pending}
          valueFormat="MMM D, YYYY"
          popoverProps={{ withinPortal: true }}
          ariaLabels={CALENDAR_LABELS}
          // Weekends in Mantine's red 6 read at 3.3:1; any day is a day to write again.
          weekendDays={[]}
          w={{ base: '100%', xs: 200 }}
        />
      )}
    </Group>
  );
}

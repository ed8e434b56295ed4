import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { InboxItem } from '../../../contract/inbox';
import { memberName } from './filter-options';
import { membersQuery } from './inbox-queries';

const NOBODY = 'nobody';

interface AssigneeControlProps {
  item: InboxItem;
  pending: boolean;
  onChange: (userId: number | null) => void;
}

/** The member who is to answer (reviewers and above): any member of the workspace, or nobody. */
export function AssigneeControl({ item, pending, onChange }: AssigneeControlProps) {
  const { data: members } = useQuery(membersQuery);
  const options = [
    { value: NOBODY, label: 'Nobody' },
    ...(members ?? []).map((m) => ({ value: String(m.userId), label: memberName(m) })),
  ];
  // Someone no longer a member keeps the answer until it is given to another: show who.
  if (item.assignee && !options.some((o) => o.value === String(item.assignee?.id)))
    options.push({ value: String(item.assignee.id), label: item.assignee.name });
  return (
    <Select
      label="Assigned to"
      data={options}
      value={item.assignee ? String(item.assignee.id) : NOBODY}
      allowDeselect={false}
      disabled={pending}
      searchable={options.length > 8}
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => {
        const userId = value === null || value === NOBODY ? null : Number(value);
        if (userId !== (item.assignee?.id ?? null)) onChange(userId);
      }}
      w={{ base: '100%', xs: 220 }}
    />
  );
}

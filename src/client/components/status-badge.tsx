import { Badge, type MantineColor } from '@mantine/core';
import type { CampaignStatus } from '../../contract/campaigns';

const styles: Record<CampaignStatus, { color: MantineColor; label: string }> = {
  draft: { color: 'gray', label: 'Draft' },
  generating: { color: 'yellow', label: 'Generating' },
  ready: { color: 'blue', label: 'Ready' },
  scheduled: { color: 'violet', label: 'Scheduled' },
  sending: { color: 'orange', label: 'Sending' },
  completed: { color: 'teal', label: 'Completed' },
};

/** A campaign status; unknown statuses look like drafts (docs/product.md §4) but keep their own name. */
export function StatusBadge({ status }: { status: string }) {
  const known = status in styles ? styles[status as CampaignStatus] : undefined;
  return (
    <Badge color={known?.color ?? styles.draft.color} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {known?.label ?? capitalise(status)}
    </Badge>
  );
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

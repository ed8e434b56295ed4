import { Badge, VisuallyHidden } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import type { InboxItem } from '../../contract/inbox';
import { categoryBadge } from './answer-categories';

const SOURCE_WORDS = { rules: 'set by the rules', ai: 'set by the AI', person: 'set by a person' } as const;

/**
 * An answer's category as a coloured badge. A person's category (which wins over the rules' and the
 * AI's) carries a small person icon, and its source is in the badge's title and for screen readers.
 */
export function CategoryBadge({
  item,
}: {
  item: Pick<InboxItem, 'category' | 'notNowUntil' | 'categorySource'>;
}) {
  const { label, color } = categoryBadge(item);
  const source = item.category && item.categorySource ? SOURCE_WORDS[item.categorySource] : null;
  return (
    <Badge
      color={color}
      variant={item.category ? 'light' : 'outline'}
      radius="sm"
      title={source ? `${label}, ${source}` : label}
      leftSection={item.categorySource === 'person' ? <IconUser size={12} aria-hidden /> : undefined}
      style={{ flexShrink: 0 }}
    >
      {label}
      {source && <VisuallyHidden>, {source}</VisuallyHidden>}
    </Badge>
  );
}

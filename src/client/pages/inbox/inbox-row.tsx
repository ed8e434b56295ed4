import { Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { InboxItem } from '../../../contract/inbox';
import { CategoryBadge } from '../../components/category-badge';
import { formatDateTime } from '../../format-date';
import { WRAP } from './header-list';
import { formatReceived } from './inbox-format';
import classes from './inbox-row.module.css';

/** Who wrote an answer, as the list and the detail name them. */
export const senderOf = (item: Pick<InboxItem, 'fromName' | 'fromAddress'>) =>
  item.fromName || item.fromAddress || 'Unknown sender';

// Addresses and names come from strangers and can be one long word: they break anywhere, but only
// where the line would otherwise overflow.

interface InboxRowProps {
  item: InboxItem;
  selected: boolean;
  onOpen: () => void;
}

/**
 * One answer in the list: unread ones in bold with a dot, who wrote, when, the subject, the start of
 * the snippet, the category and where it belongs (campaign, mailbox, assignee). Everything in it
 * comes from a stranger's email and is shown as text, never as markup.
 */
export function InboxRow({ item, selected, onOpen }: InboxRowProps) {
  const unread = item.readAt === null;
  const sender = senderOf(item);
  const where = [
    item.campaign?.name,
    item.mailbox?.address,
    item.assignee ? `→ ${item.assignee.name}` : null,
  ].filter(Boolean);
  return (
    <UnstyledButton
      className={classes.row}
      onClick={onOpen}
      aria-current={selected ? 'true' : undefined}
      data-unread={unread || undefined}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box className={classes.dot} aria-hidden data-unread={unread || undefined} />
        <Box miw={0} flex={1}>
          <Group gap="xs" wrap="nowrap" justify="space-between" align="baseline">
            {/* The name alone, as mail programs list senders; the address is in its title and the detail. */}
            <Text
              span
              size="sm"
              fw={unread ? 700 : 500}
              miw={0}
              style={WRAP}
              title={item.fromName && item.fromAddress ? item.fromAddress : undefined}
            >
              {unread && <VisuallyHidden>Unread: </VisuallyHidden>}
              {sender}
            </Text>
            <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              <time dateTime={item.receivedAt} title={formatDateTime(item.receivedAt)}>
                {formatReceived(item.receivedAt)}
              </time>
            </Text>
          </Group>
          <Text span display="block" size="sm" fw={unread ? 700 : 400} truncate="end">
            {item.subject || '(no subject)'}
          </Text>
          {item.snippet && (
            <Text span size="xs" c="dimmed" lineClamp={2} style={WRAP}>
              {item.snippet}
            </Text>
          )}
          <Group gap={6} mt={4} wrap="nowrap" align="center">
            <CategoryBadge item={item} />
            {item.answer && <AnswerMark answer={item.answer} />}
            {/* One line, ending in "…" when long: the detail shows each in full. */}
            {where.length > 0 && (
              <Text span size="xs" c="dimmed" miw={0} truncate="end" title={where.join(' · ')}>
                {where.join(' · ')}
              </Text>
            )}
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

/** Whether the answer was answered from here, in a word or two, with the time in its title. */
function AnswerMark({ answer }: { answer: NonNullable<InboxItem['answer']> }) {
  const [label, color] = ANSWER_MARKS[answer.status] ?? ['Answer not sent', 'red'];
  return (
    <Text
      span
      size="xs"
      c={color}
      title={`${label}: ${formatDateTime(answer.at)}`}
      style={{ whiteSpace: 'nowrap' }}
    >
      <IconArrowBackUp size={12} aria-hidden style={{ verticalAlign: 'middle', marginRight: 2 }} />
      {label}
    </Text>
  );
}

const ANSWER_MARKS: Partial<Record<NonNullable<InboxItem['answer']>['status'], [string, string]>> = {
  sent: ['Answered', 'teal'],
  queued: ['Answer on its way', 'dimmed'],
  sending: ['Answer on its way', 'dimmed'],
  scheduled: ['Answer scheduled', 'dimmed'],
  unknown: ['Answer: delivery unknown', 'orange'],
};

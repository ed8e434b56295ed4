import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, type Ref, useEffect, useId, useRef, useState } from 'react';
import type { AnswerThread, ThreadAnswer, ThreadItem } from '../../../contract/answer-thread';
import type { InboundEvent } from '../../../contract/conversations';
import { CategoryBadge } from '../../components/category-badge';
import { inboundKindLabel } from '../../components/inbound-message';
import { formatDateTime } from '../../format-date';
import { stepLabel } from '../campaigns/review/email-step';
import { answerStatusLabel, answerStatusLine } from './answer-status';
import { WRAP } from './header-list';
import { messageDocument, messageFrameHeight } from './message-frame';

interface InboxThreadProps {
  thread: AnswerThread;
  /** The answer open in the detail pane: shown in full above, so here only where it stands. */
  currentId: number;
  /** Our answer just sent: it takes the focus, so the keyboard carries on from where it stands. */
  focusAnswerId?: number | null;
  /** Given to senders: an answer waiting for its time offers to be cancelled. */
  onCancel?: (answer: ThreadAnswer) => void;
}

/**
 * The conversation with the recipient, oldest first (docs/product.md §16): the campaign's emails
 * sent to them (the step, the subject and the date; the body on request), their answers (the
 * snippet the sync kept, and what it means) and ours (where each send stands).
 */
export function InboxThread({ thread, currentId, focusAnswerId = null, onCancel }: InboxThreadProps) {
  if (thread.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing of this conversation is recorded here.
      </Text>
    );
  return (
    <Stack
      component="ol"
      gap="xs"
      m={0}
      p={0}
      aria-label="Conversation, oldest first"
      style={{ listStyle: 'none' }}
    >
      {thread.items.map((item) => (
        <li key={keyOf(item)}>
          <Item item={item} currentId={currentId} focusAnswerId={focusAnswerId} onCancel={onCancel} />
        </li>
      ))}
    </Stack>
  );
}

const keyOf = (item: ThreadItem) =>
  item.type === 'sent'
    ? `sent:${item.emailId}`
    : item.type === 'inbound'
      ? `inbound:${item.message.id}`
      : `answer:${item.answer.emailId}`;

function Item({
  item,
  currentId,
  focusAnswerId,
  onCancel,
}: {
  item: ThreadItem;
  currentId: number;
  focusAnswerId: number | null;
  onCancel: InboxThreadProps['onCancel'];
}) {
  switch (item.type) {
    case 'sent':
      return (
        <Entry label={`Our email, ${stepLabel(item.step)}`} at={item.at} title={stepLabel(item.step)}>
          <Subject subject={item.subject} />
          <Expandable what="email" html={item.body} frameTitle={`Body of ${stepLabel(item.step)}`} />
        </Entry>
      );
    case 'inbound':
      return <Inbound message={item.message} current={item.message.id === currentId} />;
    case 'answer':
      return (
        <Answer answer={item.answer} focus={item.answer.emailId === focusAnswerId} onCancel={onCancel} />
      );
  }
}

function Inbound({ message, current }: { message: InboundEvent; current: boolean }) {
  const kind = inboundKindLabel(message);
  const sender = message.fromName ?? message.fromAddress ?? 'Unknown sender';
  return (
    <Entry
      label={`${kind.label} from ${sender}${current ? ', this answer' : ''}`}
      at={message.receivedAt}
      badge={
        // A reply says what it means; the open one's category is set above.
        message.kind === 'reply' ? (
          current ? null : (
            <CategoryBadge item={message} />
          )
        ) : (
          <Badge color={kind.color} variant="light" radius="sm" style={{ flexShrink: 0 }}>
            {kind.label}
          </Badge>
        )
      }
      title={sender}
      current={current}
    >
      {current ? (
        <Text size="sm" c="dimmed">
          This answer, shown in full above.
        </Text>
      ) : (
        <>
          <Subject subject={message.subject} />
          {message.snippet && (
            // A stranger's words: text, never markup.
            <Text size="sm" style={{ ...WRAP, whiteSpace: 'pre-wrap' }}>
              {message.snippet}
            </Text>
          )}
        </>
      )}
    </Entry>
  );
}

function Answer({
  answer,
  focus,
  onCancel,
}: {
  answer: ThreadAnswer;
  focus: boolean;
  onCancel: InboxThreadProps['onCancel'];
}) {
  const status = answerStatusLabel(answer.status);
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focus) root.current?.focus();
  }, [focus]);
  const line = answerStatusLine(answer);
  const bad = answer.status === 'failed' || answer.status === 'unknown' || answer.status === 'unsubscribed';
  return (
    <Entry
      ref={root}
      label={`Our answer${answer.sentBy ? ` by ${answer.sentBy.name}` : ''}`}
      at={answer.createdAt}
      title={answer.sentBy ? `Answer by ${answer.sentBy.name}` : 'Our answer'}
      badge={
        <Badge color={status.color} variant="light" radius="sm" style={{ flexShrink: 0 }}>
          {status.label}
        </Badge>
      }
    >
      {/* Read out as it changes: the thread is read again while the answer is on its way. */}
      <Text size="sm" c={bad ? 'red' : 'dimmed'} style={WRAP} aria-live="polite">
        {line}
      </Text>
      <Subject subject={answer.subject} />
      <Expandable what="answer" html={answer.body} frameTitle="Body of our answer" />
      {onCancel && answer.status === 'scheduled' && (
        <Button
          size="xs"
          variant="default"
          color="red"
          onClick={() => onCancel(answer)}
          style={{ alignSelf: 'flex-start' }}
        >
          Cancel this answer
        </Button>
      )}
    </Entry>
  );
}

interface EntryProps {
  /** What a screen reader names the entry. */
  label: string;
  at: string;
  title: string;
  badge?: ReactNode;
  current?: boolean;
  children: ReactNode;
  ref?: Ref<HTMLElement>;
}

function Entry({ label, at, title, badge, current = false, children, ref }: EntryProps) {
  return (
    <Paper
      ref={ref}
      withBorder
      p="sm"
      radius="md"
      component="article"
      aria-label={label}
      tabIndex={-1}
      className="mantine-focus-auto"
      bg={current ? 'var(--mantine-color-default-hover)' : undefined}
    >
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap" miw={0}>
            {badge}
            <Text size="sm" fw={600} style={WRAP}>
              {title}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <time dateTime={at}>{formatDateTime(at)}</time>
          </Text>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function Subject({ subject }: { subject: string }) {
  return (
    <Text size="sm" fw={500} style={WRAP}>
      {subject || '(no subject)'}
    </Text>
  );
}

/**
 * The HTML of one of our emails, folded away until asked for, then in a sandboxed frame as the
 * reading pane shows a message: nothing in it runs, and its look stays out of the page's. It is
 * ours, so its images load.
 */
function Expandable({ what, html, frameTitle }: { what: string; html: string; frameTitle: string }) {
  const [open, setOpen] = useState(false);
  const frameId = useId();
  return (
    <>
      <Button
        variant="subtle"
        size="compact-xs"
        px={0}
        style={{ alignSelf: 'flex-start' }}
        leftSection={
          open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />
        }
        aria-expanded={open}
        aria-controls={open ? frameId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? `Hide the ${what}` : `Show the ${what}`}
      </Button>
      {open && (
        <Box
          id={frameId}
          component="iframe"
          title={frameTitle}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={messageDocument(html, true)}
          w="100%"
          h={messageFrameHeight(html)}
          style={{
            display: 'block',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 4,
            background: 'white',
          }}
        />
      )}
    </>
  );
}

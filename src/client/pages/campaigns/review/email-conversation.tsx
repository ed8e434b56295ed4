import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { EmailEvent } from '../../../../contract/conversations';
import { isUnauthorized } from '../../../api';
import { InboundMessage } from '../../../components/inbound-message';
import { formatDateTime } from '../../../format-date';
import { emailEventsQuery } from '../emails/email-queries';
import { emailStatusLabel } from './email-status';

type Shown = Extract<EmailEvent, { type: 'inbound' | 'answered' }>;

/**
 * "Conversation" (docs/product.md §12): the replies, auto-replies, bounces and emailed unsubscribe
 * requests the mailbox sync found for one sent email, and the answers the team wrote to them in the
 * inbox (§16), oldest first as the server lists them.
 */
export function EmailConversation({ emailId }: { emailId: number }) {
  const titleId = useId();
  const { data, error } = useQuery(emailEventsQuery(emailId));
  const shown: Shown[] =
    data?.events.filter((event): event is Shown => event.type === 'inbound' || event.type === 'answered') ??
    [];

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} fz="sm" id={titleId}>
        Conversation
      </Title>
      {error && !isUnauthorized(error) && (
        <Text size="sm" c="red">
          Could not load the conversation: {error.message}
        </Text>
      )}
      {!data && !error && <Skeleton h={48} />}
      {data && shown.length === 0 && (
        <Text size="sm" c="dimmed">
          No replies or bounces yet.
        </Text>
      )}
      {shown.map((event) =>
        event.type === 'inbound' ? (
          <InboundMessage key={`inbound:${event.message.id}`} message={event.message} />
        ) : (
          <Answered key={`answered:${event.answerEmailId}`} event={event} />
        ),
      )}
    </Stack>
  );
}

/** A member's answer to one of the replies: who wrote it, where its send stands, its first words. */
function Answered({ event }: { event: Extract<EmailEvent, { type: 'answered' }> }) {
  const status = emailStatusLabel({ status: event.status, isApproved: true });
  const by = event.by ?? 'a former member';
  const when = event.status === 'sent' && event.sentAt ? event.sentAt : event.at;
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={`Answer by ${by}`}>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
            Answered by {by} —{' '}
            <Text span inherit c={status.color === 'red' ? 'red' : undefined}>
              {status.label}
            </Text>
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <time dateTime={when}>{formatDateTime(when)}</time>
          </Text>
        </Group>
        {event.snippet && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {event.snippet}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

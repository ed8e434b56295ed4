import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { InboundEvent } from '../../../../contract/conversations';
import { isUnauthorized } from '../../../api';
import { InboundMessage } from '../../../components/inbound-message';
import { emailEventsQuery } from '../emails/email-queries';

/**
 * "Conversation" (docs/product.md §12): the replies, auto-replies, bounces and emailed unsubscribe
 * requests the mailbox sync found for one sent email, oldest first as the server lists them.
 */
export function EmailConversation({ emailId }: { emailId: number }) {
  const titleId = useId();
  const { data, error } = useQuery(emailEventsQuery(emailId));
  const messages: InboundEvent[] =
    data?.events.flatMap((event) => (event.type === 'inbound' ? [event.message] : [])) ?? [];

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
      {data && messages.length === 0 && (
        <Text size="sm" c="dimmed">
          No replies or bounces yet.
        </Text>
      )}
      {messages.map((message) => (
        <InboundMessage key={message.id} message={message} />
      ))}
    </Stack>
  );
}

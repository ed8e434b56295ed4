import { Anchor, Badge, Code, Group, type MantineColor, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { InboundEvent } from '../../contract/conversations';
import { formatDateTime } from '../format-date';
import { CategoryBadge } from './category-badge';
import { mailboxLinkOf } from './inbound-link';

/** What kind of message it is, as its badge says (docs/product.md §12). */
export function inboundKindLabel(message: Pick<InboundEvent, 'kind' | 'bounceKind'>): {
  label: string;
  color: MantineColor;
} {
  switch (message.kind) {
    case 'reply':
      return { label: 'Reply', color: 'green' };
    case 'auto-reply':
      return { label: 'Auto-reply', color: 'gray' };
    case 'unsubscribe-request':
      return { label: 'Unsubscribe request', color: 'yellow' };
    case 'unreadable':
      return { label: 'Unreadable', color: 'gray' };
    case 'unrelated-bounce':
      return { label: 'Report about another address', color: 'gray' };
    case 'left-company':
      return { label: 'Left the company', color: 'grape' };
    case 'bounce':
      return message.bounceKind
        ? { label: `Bounce (${message.bounceKind})`, color: message.bounceKind === 'hard' ? 'red' : 'orange' }
        : { label: 'Bounce', color: 'red' };
  }
}

interface InboundMessageProps {
  message: InboundEvent;
  /** The address the answered email went to, where the list mixes several recipients. */
  recipientEmail?: string;
  /** Whether a reply shows its category badge (the inbox's detail has a control for it instead). */
  showCategory?: boolean;
}

/**
 * One message read from the sender's mailbox: who wrote, when, the subject and the snippet, a
 * bounce's status and diagnostic, and a link to the conversation in Gmail or Outlook. Everything in
 * it comes from a stranger's email, so it is shown as text, never as markup.
 */
export function InboundMessage({ message, recipientEmail, showCategory = true }: InboundMessageProps) {
  const kind = inboundKindLabel(message);
  const link = mailboxLinkOf(message.link);
  const sender = message.fromName ?? message.fromAddress ?? 'Unknown sender';
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={`${kind.label} from ${sender}`}>
      <Stack gap={4}>
        {/* Wraps: on a phone the time goes below a long address rather than squeeze it into a sliver. */}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap" miw={0}>
            <Badge color={kind.color} variant="light" radius="sm" style={{ flexShrink: 0 }}>
              {kind.label}
            </Badge>
            {/* A person's reply says what it means too; the other kinds already do. */}
            {showCategory && message.kind === 'reply' && <CategoryBadge item={message} />}
            <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
              {sender}
            </Text>
            {message.fromName && message.fromAddress && (
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {message.fromAddress}
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <time dateTime={message.receivedAt}>{formatDateTime(message.receivedAt)}</time>
          </Text>
        </Group>
        {recipientEmail && (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            Answers your email to {recipientEmail}
          </Text>
        )}
        <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
          {message.subject || '(no subject)'}
        </Text>
        {message.snippet && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {message.snippet}
          </Text>
        )}
        {message.kind === 'left-company' && <Colleague colleague={message.colleague ?? null} />}
        {message.kind === 'bounce' && (message.bounceStatus || message.bounceDiagnostic) && (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {message.bounceStatus && <>Status {message.bounceStatus}</>}
            {message.bounceStatus && message.bounceDiagnostic && ': '}
            {message.bounceDiagnostic && <Code>{message.bounceDiagnostic}</Code>}
          </Text>
        )}
        {link && (
          <Anchor href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
            {link.label} <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} aria-hidden />
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/** Whom a "no longer with the company" notice says to write to instead, as it names them. */
function Colleague({ colleague }: { colleague: InboundEvent['colleague'] }) {
  const { name, address } = colleague ?? { name: null, address: null };
  return (
    <Text size="sm" style={{ wordBreak: 'break-word' }}>
      {name || address ? (
        <>
          No longer there; write to{' '}
          <Text span fw={600}>
            {name ?? address}
          </Text>
          {name && address && <> ({address})</>} instead. Their follow-ups are stopped.
        </>
      ) : (
        'No longer there; the notice names no one to write to instead. Their follow-ups are stopped.'
      )}
    </Text>
  );
}

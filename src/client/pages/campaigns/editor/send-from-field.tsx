import { Anchor, Badge, Checkbox, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import type { Mailbox } from '../../../../contract/mailboxes';
import { isUnauthorized } from '../../../api';
import { MAILBOX_KIND_NAMES } from '../../settings/mailboxes';
import type { SendFromState } from './use-send-from';

/**
 * "Send from": the mailboxes the campaign's recipients are spread over (each keeps the one their
 * first email came from). None ticked sends from the maker's default mailbox. Someone other than
 * the maker sees the choice without changing it.
 */
export function SendFromField({ sendFrom }: { sendFrom: SendFromState }) {
  const { available, chosen, canChoose, defaultMailbox, error, loading } = sendFrom;
  return (
    <Stack gap={6} role="group" aria-labelledby="send-from-label">
      <Text size="sm" fw={500} id="send-from-label">
        Send from
      </Text>
      {error && !isUnauthorized(error) && (
        <Text size="sm" c="red">
          Could not load the mailboxes: {error.message}
        </Text>
      )}
      {loading && !error && <Skeleton h={40} />}
      {available && canChoose && (
        <>
          {available.map((mailbox) => (
            <Checkbox
              key={mailbox.id}
              label={<MailboxLabel mailbox={mailbox} />}
              aria-label={mailbox.address}
              checked={chosen.includes(mailbox.id)}
              onChange={(event) => sendFrom.toggle(mailbox.id, event.currentTarget.checked)}
            />
          ))}
          <Text size="xs" c="dimmed">
            {chosen.length === 0
              ? `Sends from your default mailbox${defaultMailbox ? ` (${defaultMailbox.address})` : ''}.`
              : 'Each recipient is given one of these when their first email is sent, and keeps it for follow-ups.'}{' '}
            <Anchor component={Link} href="/settings" size="xs" underline="always">
              Add a mailbox in Settings
            </Anchor>
          </Text>
        </>
      )}
      {available && !canChoose && (
        <Text size="sm">
          {available.length === 0
            ? "Sends from its maker's default mailbox."
            : available.map((m) => m.address).join(', ')}
        </Text>
      )}
    </Stack>
  );
}

function MailboxLabel({ mailbox }: { mailbox: Mailbox }) {
  return (
    <Group gap={6} wrap="wrap" component="span">
      <span>{mailbox.address}</span>
      <Text span size="xs" c="dimmed">
        {MAILBOX_KIND_NAMES[mailbox.kind]}
      </Text>
      {mailbox.isDefault && (
        <Badge size="xs" variant="light" component="span">
          Default
        </Badge>
      )}
      {mailbox.state !== 'active' && (
        <Badge size="xs" color="orange" variant="light" component="span">
          {mailbox.state === 'paused' ? 'Paused' : 'Needs a new login'}
        </Badge>
      )}
    </Group>
  );
}

import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Mailbox } from '../../../contract/mailboxes';
import { formatDateTime } from '../../format-date';
import { connectHref } from './connect-mailbox';
import { MAILBOX_KIND_NAMES, mailboxTotalsText, sendingHoursText, sentTodayText } from './mailboxes';
import type { MailboxActions } from './use-mailbox-actions';

const STATE_TITLES: Record<Exclude<Mailbox['state'], 'active'>, string> = {
  needs_credentials: 'Needs a new login',
  paused: 'Paused',
};

interface MailboxRowProps {
  mailbox: Mailbox;
  actions: MailboxActions;
  onEdit: () => void;
  onRemove: () => void;
}

/**
 * One mailbox: its address and name, what kind it is, whether it is the default, today's use, and
 * a state other than active in warning colours with what to do about it.
 */
export function MailboxRow({ mailbox, actions, onEdit, onRemove }: MailboxRowProps) {
  const { makeDefault, resume } = actions;
  const busy = makeDefault.isPending || resume.isPending;
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={mailbox.address}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} style={{ wordBreak: 'break-all' }}>
                {mailbox.address}
              </Text>
              {mailbox.isDefault && (
                <Badge size="sm" variant="light">
                  Default
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {[mailbox.displayName, MAILBOX_KIND_NAMES[mailbox.kind], sendingHoursText(mailbox.sendingHours)]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </div>
          <div>
            <Text size="sm" ta="right">
              {sentTodayText(mailbox)}
            </Text>
            <Text size="xs" c="dimmed" ta="right">
              {mailboxTotalsText(mailbox)}
            </Text>
          </div>
        </Group>
        {mailbox.state !== 'active' && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={STATE_TITLES[mailbox.state]}
          >
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {mailbox.stateMessage ?? 'This mailbox does not send until this is fixed.'}
            </Text>
          </Alert>
        )}
        {mailbox.sync?.lastError && (
          <Alert color="yellow" variant="light" title="Replies and bounces could not be read">
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {mailbox.sync.lastError} ({formatDateTime(mailbox.sync.lastErrorAt)}). Sending goes on; replies
              are read again on the next check.
            </Text>
          </Alert>
        )}
        <Group gap="xs" wrap="wrap">
          {!mailbox.isDefault && (
            <Button
              size="xs"
              variant="default"
              disabled={busy}
              onClick={() => makeDefault.mutate(mailbox.id)}
              aria-label={`Make ${mailbox.address} the default`}
            >
              Make default
            </Button>
          )}
          <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${mailbox.address}`}>
            Edit
          </Button>
          {mailbox.state === 'paused' && (
            <Button
              size="xs"
              variant="light"
              color="orange"
              loading={resume.isPending && resume.variables === mailbox.id}
              disabled={busy}
              onClick={() => resume.mutate(mailbox.id)}
              aria-label={`Resume ${mailbox.address}`}
            >
              Resume
            </Button>
          )}
          {/* The same connect flow renews a Gmail or Outlook account's access, and sending resumes. */}
          {mailbox.state === 'needs_credentials' &&
            (mailbox.kind === 'google' || mailbox.kind === 'microsoft') && (
              <Button
                component="a"
                href={connectHref(mailbox.kind)}
                size="xs"
                variant="light"
                color="orange"
                aria-label={`Reconnect ${mailbox.address}`}
              >
                Reconnect
              </Button>
            )}
          {/* A sign-in account's mailbox stays while the account does; the default until another is. */}
          {!mailbox.signIn && !mailbox.isDefault && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={onRemove}
              aria-label={`Remove ${mailbox.address}`}
            >
              Remove
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

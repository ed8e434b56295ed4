import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Mailbox } from '../../../contract/mailboxes';
import { isUnauthorized } from '../../api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ConnectMailboxButtons, ConnectNotice } from './connect-mailbox';
import { MailboxDialog } from './mailbox-dialog';
import { MailboxRow } from './mailbox-row';
import { mailboxesQuery } from './mailboxes';
import { useMailboxActions } from './use-mailbox-actions';

/** Which dialog is open: adding, editing one mailbox, or none. */
type Editing = { mailbox: Mailbox | null } | null;

/**
 * Mailboxes (issue #32): the mailboxes this person sends from, with today's use and any state that
 * stops one sending; "Connect Gmail" / "Connect Outlook" adds another account of theirs, "Add mailbox"
 * sets up one with its own SMTP server. Campaigns choose among them.
 */
export function MailboxesCard() {
  const { data: mailboxes, error } = useQuery(mailboxesQuery);
  const actions = useMailboxActions();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Mailbox | null>(null);

  return (
    <Card component="section" aria-labelledby="mailboxes-card-title">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} fz="lg" id="mailboxes-card-title">
          Mailboxes
        </Title>
        <Group gap="xs" wrap="wrap">
          <ConnectMailboxButtons />
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing({ mailbox: null })}
          >
            Add mailbox
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        The addresses your campaigns send from. A campaign may spread its recipients over several; each
        recipient keeps the mailbox their first email came from. Connect another Gmail or Outlook account, or
        add one on any provider with its SMTP login.
      </Text>
      <ConnectNotice />
      {error && !isUnauthorized(error) && (
        <Text size="sm" c="red">
          Could not load your mailboxes: {error.message}
        </Text>
      )}
      {!mailboxes && !error && <Skeleton h={96} />}
      {mailboxes && (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your mailboxes">
          {mailboxes.map((mailbox) => (
            <MailboxRow
              key={mailbox.id}
              mailbox={mailbox}
              actions={actions}
              onEdit={() => setEditing({ mailbox })}
              onRemove={() => setRemoving(mailbox)}
            />
          ))}
        </Stack>
      )}
      {/* Mounted only while open, so each opening starts from the mailbox as saved. */}
      {editing && <MailboxDialog mailbox={editing.mailbox} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this mailbox?"
        message={`Campaigns stop sending from ${removing?.address ?? 'it'}, and Tailor forgets its login (for a Gmail or Outlook account, its access). A mailbox that still has emails waiting to leave from it cannot be removed.`}
        confirmLabel="Remove mailbox"
        loading={actions.remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          actions.remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
        }}
      />
    </Card>
  );
}

import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { api } from '../../../contract/api';
import { call, errorDetail } from '../../api';
import { CURRENT_USER_KEY, useCurrentUser } from '../../session/use-current-user';
import { showToast } from '../../toast';
import { ExportDataButton } from './export-data-button';

/**
 * Settings → Delete account (docs/product.md §9): offers the export first, then deletes the account
 * and everything in it once the user has typed their email (DELETE when the account has none).
 */
export function DeleteAccount() {
  const { user } = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const phrase = user?.email ?? 'DELETE';
  const deletion = useMutation({
    mutationFn: () => call(api.auth.deleteAccount, { body: { confirmation: typed } }),
    onSuccess: () => {
      // As after a logout: nothing of the account stays in memory, and the landing page shows.
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(CURRENT_USER_KEY) });
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      navigate('/');
      showToast({ title: 'Account deleted', message: 'Your account and everything in it are gone.' });
    },
  });
  const close = () => {
    setOpened(false);
    setTyped('');
    deletion.reset();
  };
  const confirmed = typed.trim().toLowerCase() === phrase.toLowerCase();

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Text fw={600}>Delete account</Text>
          <Text size="sm" c="dimmed">
            Delete your account and everything in it: templates, campaigns, recipients, emails, replies and
            your unsubscribe list. This cannot be undone.
          </Text>
        </div>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={() => setOpened(true)}
        >
          Delete my account
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title="Delete your account?" centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed) deletion.mutate();
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              Everything in this account is deleted at once and for good: templates, campaigns, recipients,
              emails (scheduled ones are not sent), replies and bounces, open figures, images, your
              unsubscribe list and your connection to your mailbox. Emails already sent stay in your mailbox.
            </Text>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm">Keep a copy first?</Text>
              <ExportDataButton />
            </Group>
            <TextInput
              label={`Type ${phrase} to confirm`}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
            {deletion.error && (
              <Alert color="red" variant="light" role="alert">
                {errorDetail(deletion.error, 'Could not delete your account')}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={deletion.isPending}>
                Cancel
              </Button>
              <Button type="submit" color="red" disabled={!confirmed} loading={deletion.isPending}>
                Delete account and data
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

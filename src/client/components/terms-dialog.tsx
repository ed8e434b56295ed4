import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { api } from '../../contract/api';
import type { CurrentUser } from '../../contract/auth';
import { call } from '../api';
import { CURRENT_USER_KEY } from '../session/use-current-user';
import { useLegalDetails } from '../session/use-public-config';
import { TermsText } from './terms-text';

/**
 * docs/product.md §1: the signed-in user must accept the terms before using the app. The dialog cannot be
 * dismissed; it closes when the refreshed user has `termsAcceptedAt`.
 */
export function TermsDialog({ opened }: { opened: boolean }) {
  const [agreed, setAgreed] = useState(false);
  const [, navigate] = useLocation();
  const legal = useLegalDetails();
  const queryClient = useQueryClient();

  const accept = useMutation({
    mutationFn: () => call(api.auth.acceptTerms),
    onSuccess: async (reply) => {
      // Close at once with the server's timestamp, then re-read the user so the cache matches the server.
      queryClient.setQueryData<CurrentUser | null>(CURRENT_USER_KEY, (user) =>
        user ? { ...user, termsAcceptedAt: reply.termsAcceptedAt } : user,
      );
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
    // docs/product.md §1: logged only; the dialog stays open and the user sees no message.
    onError: (error) => console.error('Failed to accept terms', error),
  });

  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="xl"
      centered
      title="Terms of Service"
      styles={{
        content: { maxHeight: '90vh' },
        title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' },
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Please read and accept our Terms of Service to continue
        </Text>
        <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
          <TermsText legal={legal} />
        </ScrollArea.Autosize>
        <Checkbox
          label="I have read and agree to the Terms of Service"
          checked={agreed}
          onChange={(event) => setAgreed(event.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate('/')}>
            Decline
          </Button>
          <Button disabled={!agreed} loading={accept.isPending} onClick={() => accept.mutate()}>
            Accept &amp; Continue
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

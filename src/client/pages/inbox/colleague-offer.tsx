import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AddedColleague } from '../../../contract/answer-thread';
import { api } from '../../../contract/api';
import type { InboxItem } from '../../../contract/inbox';
import { call, errorDetail, isUnauthorized, keyOf, redirectToLoginIfLoggedOut } from '../../api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { showToast } from '../../toast';
import { WRAP } from './header-list';

/**
 * The colleague a "wrong person" answer (or a "no longer with the company" notice) named, when it
 * gave their address: the one the server adds to the campaign (POST /api/inbox/:id/colleague).
 * Null when there is nothing to offer.
 */
export function colleagueToOffer(
  item: Pick<InboxItem, 'category' | 'kind' | 'colleague'>,
): { address: string; name: string | null } | null {
  if (item.category !== 'wrong-person' && item.kind !== 'left-company') return null;
  const address = item.colleague?.address;
  return address ? { address, name: item.colleague?.name ?? null } : null;
}

interface ColleagueOfferProps {
  item: Pick<InboxItem, 'id' | 'campaign'>;
  colleague: { address: string; name: string | null };
  /** Senders and owners add the colleague; undefined while the role loads. */
  canSend: boolean | undefined;
  /** Added from this page already (the parent keeps it by answer id). */
  added: boolean;
  onAdded: (added: AddedColleague) => void;
}

/**
 * "They named …", and for senders and owners the offer to add the colleague to the answer's
 * campaign as a new recipient, once they have confirmed: their emails are then written like every
 * recipient's and wait in the review. Give it `key={item.id}`: a refusal belongs to one answer.
 */
export function ColleagueOffer({ item, colleague, canSend, added, onAdded }: ColleagueOfferProps) {
  const { address, name } = colleague;
  const campaign = item.campaign;
  const [confirming, setConfirming] = useState(false);
  const add = useAddColleague(item.id, campaign?.name ?? 'the campaign', onAdded);

  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm" style={WRAP}>
        They named{' '}
        <Text span fw={600}>
          {address}
        </Text>
        {name && (
          <>
            {' '}
            (<Text span>{name}</Text>)
          </>
        )}
      </Text>
      {added ? (
        <Group gap={4} wrap="nowrap">
          <IconCheck size={14} aria-hidden color="var(--mantine-color-teal-6)" />
          <Text size="sm" c="teal">
            Added to the campaign
          </Text>
        </Group>
      ) : (
        canSend === true &&
        campaign && (
          <>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconUserPlus size={14} aria-hidden />}
              loading={add.isPending}
              onClick={() => setConfirming(true)}
              // A long address wraps rather than running out of the pane.
              styles={{
                root: { height: 'auto', minHeight: 30, paddingBlock: 4 },
                label: { ...WRAP, whiteSpace: 'normal' },
              }}
            >
              Add {address} to the campaign
            </Button>
            {add.error && !add.isPending && !isUnauthorized(add.error) && (
              <Alert color="red" title={`Could not add ${address}`} p="xs" w="100%">
                <Text size="sm" style={WRAP}>
                  {errorDetail(add.error, 'Please try again.')}
                </Text>
              </Alert>
            )}
            <ConfirmDialog
              opened={confirming}
              title="Add them to the campaign?"
              message={`Add ${address} to “${campaign.name}”? Their emails are written like every recipient's and wait in the campaign's review.`}
              confirmLabel="Add to the campaign"
              confirmColor="indigo"
              loading={add.isPending}
              onCancel={() => setConfirming(false)}
              onConfirm={() => add.mutate(undefined, { onSettled: () => setConfirming(false) })}
            />
          </>
        )
      )}
    </Stack>
  );
}

/**
 * POST /api/inbox/:id/colleague with the address the server read from the answer (body `{}`),
 * under an Idempotency-Key (`call`), so a request the network lost never adds them twice. The
 * campaigns' figures and lists are read again: they have a new recipient.
 */
function useAddColleague(id: number, campaignName: string, onAdded: (added: AddedColleague) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.inbox.addColleague, { params: { id }, body: {} }),
    // Here rather than in `mutate`: an addition that ends after the person moved on still lands.
    onSuccess: (added) => {
      onAdded(added);
      showToast({
        title: `${added.email} added to ${campaignName}: their drafts will be in the review once written`,
        tone: 'success',
      });
      void queryClient.invalidateQueries({ queryKey: keyOf(api.campaigns.list) });
    },
    onError: (error) => {
      redirectToLoginIfLoggedOut(error);
    },
  });
}

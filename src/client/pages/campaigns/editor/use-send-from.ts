import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../../contract/api';
import type { Mailbox } from '../../../../contract/mailboxes';
import { queryOf } from '../../../api';
import { mailboxesQuery } from '../../settings/mailboxes';

/** A campaign's chosen mailboxes and those its maker could choose. */
export const campaignMailboxesQuery = (campaignId: number) =>
  queryOf(api.mailboxes.campaignMailboxes, { params: { id: campaignId } });

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * The editor's "Send from" choice: the mailboxes the campaign sends from (none: its maker's
 * default). A new campaign chooses among the person's own mailboxes; a saved one reads its choice.
 * The choice is saved with the campaign (useSaveCampaign), and only when it changed.
 */
export function useSendFrom(campaignId: number | null) {
  const mine = useQuery(mailboxesQuery);
  const saved = useQuery({
    ...campaignMailboxesQuery(campaignId ?? 0),
    enabled: campaignId !== null,
  });
  // null: as saved (none for a new campaign), until the person ticks a box.
  const [picked, setPicked] = useState<number[] | null>(null);
  const savedIds = campaignId === null ? [] : (saved.data?.mailboxIds ?? []);
  const chosen = picked ?? savedIds;
  const available: Mailbox[] | undefined = campaignId === null ? mine.data : saved.data?.available;
  // The server offers a campaign's maker their own mailboxes and shows anyone else only the
  // chosen ones: the choice is this person's when every mailbox offered is one of theirs.
  const myIds = new Set(mine.data?.map((m) => m.id));
  const canChoose = !!available && !!mine.data && available.every((m) => myIds.has(m.id));

  return {
    available,
    chosen,
    canChoose,
    /** The maker's default mailbox, when this person is the maker. */
    defaultMailbox: (canChoose ? available : undefined)?.find((m) => m.isDefault) ?? null,
    error: mine.error ?? saved.error,
    loading: mine.isPending || (campaignId !== null && saved.isPending),
    toggle: (id: number, on: boolean) =>
      setPicked((ids) => {
        const current = ids ?? savedIds;
        return on ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id);
      }),
    /** The ids to save, or null when the choice is as saved. */
    changedIds: picked !== null && !sameIds(picked, savedIds) ? picked : null,
    reset: () => setPicked(null),
  };
}

export type SendFromState = ReturnType<typeof useSendFrom>;

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import type { SenderProfileInput } from '../../../contract/sender-profile';
import type { SaveSenderSettingsBody, SenderSettings } from '../../../contract/settings';
import { call, queryOf } from '../../api';
import { showErrorToast, showToast } from '../../toast';

export const senderSettingsQuery = queryOf(api.settings.sender);

/** docs/product.md §9: a signature left empty is saved as this. */
export const DEFAULT_SIGNATURE = '<p>Best Regards, [Your Name]</p>';

export type SenderFields = Pick<SenderSettings, 'name' | 'signature'>;
export type AccountFields = Pick<
  SenderSettings,
  'companyName' | 'streetAddress' | 'city' | 'state' | 'zipCode' | 'phoneNumber' | 'recipientReason'
>;

/**
 * Each card posts only its own fields: the server keeps every field a save leaves out, so saving
 * the company never touches the person's name or signature (nor stores the default signature,
 * whose placeholder would then hold their approvals), and a member who may not change the company
 * never sends it. The sender email is always the account's (docs/product.md §9).
 */
export function useSaveSenderSettings(successTitle: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: SaveSenderSettingsBody) => call(api.settings.saveSender, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(senderSettingsQuery.queryKey, saved);
      showToast({ title: successTitle, tone: 'success' });
    },
    onError: (error) => showErrorToast(error),
  });

  const save = (userEmail: string | null, changes: Partial<SenderFields & AccountFields>) => {
    if (!userEmail) {
      showToast({ title: 'Error', message: 'User email not available', tone: 'error' });
      return;
    }
    const body: SaveSenderSettingsBody = { email: userEmail };
    for (const [key, value] of Object.entries(changes) as [keyof typeof changes, string | null][]) {
      body[key] =
        key === 'signature' ? (value?.trim() ? value : DEFAULT_SIGNATURE) : blankToNull(value ?? null);
    }
    mutation.mutate(body);
  };

  /** The Sender Profile card: the whole profile, and nothing of the other cards. */
  const saveProfile = (userEmail: string | null, profile: SenderProfileInput) => {
    if (!userEmail) {
      showToast({ title: 'Error', message: 'User email not available', tone: 'error' });
      return;
    }
    mutation.mutate({ profile });
  };

  return { save, saveProfile, isPending: mutation.isPending };
}

function blankToNull(value: string | null | undefined) {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

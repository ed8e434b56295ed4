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
 * Both settings cards post the whole record: the card's own edits plus the saved values of the other
 * card, so saving one never clears the other. The sender email is always the account's (docs/product.md §9).
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

  const save = (
    saved: SenderSettings,
    userEmail: string | null,
    changes: Partial<SenderFields & AccountFields>,
  ) => {
    if (!userEmail) {
      showToast({ title: 'Error', message: 'User email not available', tone: 'error' });
      return;
    }
    const merged = { ...saved, ...changes };
    mutation.mutate({
      name: blankToNull(merged.name),
      email: userEmail,
      signature: merged.signature?.trim() ? merged.signature : DEFAULT_SIGNATURE,
      companyName: blankToNull(merged.companyName),
      streetAddress: blankToNull(merged.streetAddress),
      city: blankToNull(merged.city),
      state: blankToNull(merged.state),
      zipCode: blankToNull(merged.zipCode),
      phoneNumber: blankToNull(merged.phoneNumber),
      recipientReason: blankToNull(merged.recipientReason),
    });
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

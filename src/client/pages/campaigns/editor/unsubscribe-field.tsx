import { Alert, Checkbox, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  DAILY_LIMIT_WITH_UNSUBSCRIBE,
  DAILY_LIMIT_WITHOUT_UNSUBSCRIBE,
} from '../../../../contract/email-rules';
import { PlaceholderWarning } from '../../../components/placeholder-warning';
import { PostalAddressWarning, usePostalAddressMissing } from '../../../components/postal-address-warning';
import { showToast } from '../../../toast';
import { UnsubscribeConfirmDialog } from './unsubscribe-confirm-dialog';
import type { CampaignEditorState } from './use-campaign-editor-state';

/**
 * docs/product.md §3: ticking the unsubscribe option is immediate; unticking asks for the four compliance
 * confirmations first. With the link on, its message can be edited; with it off, a warning shows.
 */
export function UnsubscribeField({ state }: { state: CampaignEditorState }) {
  const { draft, update, confirmingUnsubscribe: confirming, setConfirmingUnsubscribe: setConfirming } = state;
  const message = draft.unsubscribeMessage ?? state.defaultUnsubscribeMessage;
  const noPostalAddress = usePostalAddressMissing(draft.includeUnsubscribeLink);

  return (
    <>
      <Checkbox
        label="Include unsubscribe link"
        description="Adds a one-click unsubscribe link and your postal address (from Settings) to every email."
        checked={draft.includeUnsubscribeLink}
        onChange={(event) => {
          if (event.currentTarget.checked) update({ includeUnsubscribeLink: true });
          else setConfirming(true);
        }}
      />
      {draft.includeUnsubscribeLink ? (
        <>
          <Textarea
            label="Unsubscribe Message"
            description="Shown above the unsubscribe link. Replace the [bracketed] parts, or fill in your address and why recipients hear from you in Settings."
            rows={4}
            value={message}
            onChange={(event) => update({ unsubscribeMessage: event.currentTarget.value })}
          />
          <PlaceholderWarning message={message} />
          {noPostalAddress && <PostalAddressWarning />}
        </>
      ) : (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="No unsubscribe link"
        >
          Emails from this campaign will not let recipients opt out. Use this only for non-commercial,
          transactional or requested messages: commercial email without an opt-out breaks anti-spam law
          (CAN-SPAM, GDPR, CASL). The daily sending limit drops from {DAILY_LIMIT_WITH_UNSUBSCRIBE} to{' '}
          {DAILY_LIMIT_WITHOUT_UNSUBSCRIBE} emails.
        </Alert>
      )}
      <UnsubscribeConfirmDialog
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          update({ includeUnsubscribeLink: false });
          setConfirming(false);
          showToast({ title: 'Unsubscribe link disabled', tone: 'success' });
        }}
      />
    </>
  );
}

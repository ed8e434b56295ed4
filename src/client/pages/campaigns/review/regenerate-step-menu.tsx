import { Menu } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { Campaign } from '../../../../contract/campaigns';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { EmailActions } from '../emails/use-email-actions';

export const REGENERATE_STEP_MESSAGE =
  'The step’s emails still in review are written again from its template and the current thread. Their edits and approvals are lost; emails already on their way or sent stay as they are.';

/** The steps of a campaign with follow-ups (1 is the first email); none without follow-ups. */
export const stepsOf = (campaign: Pick<Campaign, 'steps'>) =>
  campaign.steps.length > 0 ? [1, ...campaign.steps.map((_, i) => i + 2)] : [];

/**
 * "Regenerate step N…" for a campaign with follow-ups, as items of the review's "Bulk actions" menu;
 * each asks first (RegenerateStepDialog), since the step's emails still in review lose their edits
 * and approvals.
 */
export function RegenerateStepItems({
  campaign,
  disabled,
  onAsk,
}: {
  campaign: Pick<Campaign, 'steps'>;
  /** Nothing to write again: the emails are still loading, there are none, or they are being written. */
  disabled: boolean;
  onAsk: (step: number) => void;
}) {
  const steps = stepsOf(campaign);
  if (steps.length === 0) return null;
  return (
    <>
      <Menu.Divider />
      <Menu.Label>Write a step again</Menu.Label>
      {steps.map((n) => (
        <Menu.Item
          key={n}
          leftSection={<IconRefresh size={16} />}
          disabled={disabled}
          onClick={() => onAsk(n)}
        >
          Regenerate step {n}…
        </Menu.Item>
      ))}
    </>
  );
}

interface RegenerateStepDialogProps {
  campaign: Pick<Campaign, 'id'>;
  /** The step asked about; null keeps the question closed. */
  step: number | null;
  /** Kept while the dialog closes, so its title does not lose the step mid-transition. */
  lastStep: number;
  regenerateStep: EmailActions['regenerateStep'];
  onClose: () => void;
  /** Told once the server took the request: the campaign is generating again. */
  onRegenerated: () => void;
}

export function RegenerateStepDialog({
  campaign,
  step,
  lastStep,
  regenerateStep,
  onClose,
  onRegenerated,
}: RegenerateStepDialogProps) {
  const regenerate = () =>
    regenerateStep.mutateAsync({ campaignId: campaign.id, step: lastStep }).then(
      () => {
        onClose();
        onRegenerated();
      },
      // The error toast tells why; the question stays open to try again or cancel.
      () => {},
    );
  return (
    <ConfirmDialog
      opened={step !== null}
      title={`Regenerate step ${lastStep}`}
      message={REGENERATE_STEP_MESSAGE}
      confirmLabel="Regenerate"
      loading={regenerateStep.isPending}
      onCancel={onClose}
      onConfirm={() => void regenerate()}
    />
  );
}

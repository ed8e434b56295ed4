import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { Campaign } from '../../../../contract/campaigns';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { EmailActions } from '../emails/use-email-actions';

export const REGENERATE_STEP_MESSAGE =
  'The step’s emails still in review are written again from its template and the current thread. Their edits and approvals are lost; emails already on their way or sent stay as they are.';

interface RegenerateStepMenuProps {
  campaign: Pick<Campaign, 'id' | 'steps'>;
  /** Nothing to write again: the emails are still loading, there are none, or they are being written. */
  disabled: boolean;
  regenerateStep: EmailActions['regenerateStep'];
  /** Told when the confirmation opens or closes, so the review leaves Escape to it. */
  onAskingChange: (asking: boolean) => void;
  /** Told once the server took the request: the campaign is generating again. */
  onRegenerated: () => void;
}

/**
 * "Regenerate…" for a campaign with follow-ups: a menu of its steps, each asking first, since the
 * step's emails still in review lose their edits and approvals. One menu rather than a button per
 * step keeps the bar, already holding an approve button per step, tidy.
 */
export function RegenerateStepMenu({
  campaign,
  disabled,
  regenerateStep,
  onAskingChange,
  onRegenerated,
}: RegenerateStepMenuProps) {
  const [asking, setAsking] = useState(false);
  // Kept while the dialog closes, so its title does not lose the step mid-transition.
  const [step, setStep] = useState(1);
  useEffect(() => onAskingChange(asking), [onAskingChange, asking]);
  if (campaign.steps.length === 0) return null;
  const steps = [1, ...campaign.steps.map((_, i) => i + 2)];

  const regenerate = () =>
    regenerateStep.mutateAsync({ campaignId: campaign.id, step }).then(
      () => {
        setAsking(false);
        onRegenerated();
      },
      // The error toast tells why; the question stays open to try again or cancel.
      () => {},
    );

  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            leftSection={<IconRefresh size={16} />}
            rightSection={<IconChevronDown size={14} />}
            disabled={disabled || regenerateStep.isPending}
          >
            Regenerate…
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Write a step again</Menu.Label>
          {steps.map((n) => (
            <Menu.Item
              key={n}
              onClick={() => {
                setStep(n);
                setAsking(true);
              }}
            >
              Step {n}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={asking}
        title={`Regenerate step ${step}`}
        message={REGENERATE_STEP_MESSAGE}
        confirmLabel="Regenerate"
        loading={regenerateStep.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => void regenerate()}
      />
    </>
  );
}

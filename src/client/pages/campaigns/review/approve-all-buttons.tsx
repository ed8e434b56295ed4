import { Box, Button, Tooltip } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import type { Campaign } from '../../../../contract/campaigns';
import type { EmailActions } from '../emails/use-email-actions';

export const NO_UNSUBSCRIBE_HINT = 'Without an unsubscribe link, each email must be approved individually.';

interface ApproveAllButtonsProps {
  campaign: Pick<Campaign, 'id' | 'includeUnsubscribeLink' | 'steps'>;
  /** Nothing to approve in bulk: the emails are still loading, there are none, or all are approved. */
  nothingToApprove: boolean;
  approveAll: EmailActions['approveAll'];
}

/**
 * Approve All and, for a campaign with follow-ups, "Approve all of step N" for each step, so a
 * sequence can be approved a step at a time (say the first emails, and the follow-ups once read).
 * docs/product.md §5: without an unsubscribe link none of them is offered, whatever the step.
 */
export function ApproveAllButtons({ campaign, nothingToApprove, approveAll }: ApproveAllButtonsProps) {
  const blocked = !campaign.includeUnsubscribeLink;
  const steps = campaign.steps.length > 0 ? [1, ...campaign.steps.map((_, i) => i + 2)] : [];
  const disabled = blocked || nothingToApprove;
  // Only the button whose request runs spins; the others wait for it.
  const running = (step: number | undefined) => approveAll.isPending && approveAll.variables?.step === step;

  return (
    <>
      <Tooltip label={NO_UNSUBSCRIBE_HINT} disabled={!blocked} multiline w={260}>
        {/* A disabled button gets no pointer events; the wrapper keeps the tooltip working. */}
        <Box component="span" tabIndex={blocked ? 0 : undefined}>
          <Button
            variant="light"
            leftSection={<IconChecks size={16} />}
            disabled={disabled || (approveAll.isPending && !running(undefined))}
            loading={running(undefined)}
            onClick={() => approveAll.mutate({ campaignId: campaign.id })}
          >
            Approve All
          </Button>
        </Box>
      </Tooltip>
      {steps.map((step) => (
        <Button
          key={step}
          variant="subtle"
          leftSection={<IconChecks size={16} />}
          disabled={disabled || (approveAll.isPending && !running(step))}
          loading={running(step)}
          onClick={() => approveAll.mutate({ campaignId: campaign.id, step })}
        >
          Approve all of step {step}
        </Button>
      ))}
    </>
  );
}

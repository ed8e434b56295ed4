import { Box, Button, Tooltip } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Campaign } from '../../../../contract/campaigns';
import type { ApproveAllChoice } from '../emails/approve-all-toast';
import type { EmailActions } from '../emails/use-email-actions';

export const NO_UNSUBSCRIBE_HINT = 'Without an unsubscribe link, each email must be approved individually.';

interface ApproveAllButtonsProps {
  campaign: Pick<Campaign, 'id' | 'includeUnsubscribeLink' | 'steps'>;
  /** Nothing to approve in bulk: the emails are still loading, there are none, or all are approved. */
  nothingToApprove: boolean;
  /** Checked drafts the checks found nothing in; undefined until the counts are in. */
  withoutFindings: number | undefined;
  approveAll: EmailActions['approveAll'];
}

/**
 * Approve All, "Approve all without findings" (what the draft checks passed, leaving the rest to be
 * read) and, for a campaign with follow-ups, "Approve all of step N" for each step, so a sequence can
 * be approved a step at a time (say the first emails, and the follow-ups once read).
 * docs/product.md §5: without an unsubscribe link none of them is offered, whatever the step.
 */
export function ApproveAllButtons({
  campaign,
  nothingToApprove,
  withoutFindings,
  approveAll,
}: ApproveAllButtonsProps) {
  const blocked = !campaign.includeUnsubscribeLink;
  const steps = campaign.steps.length > 0 ? [1, ...campaign.steps.map((_, i) => i + 2)] : [];
  const disabled = blocked || nothingToApprove;
  // Only the button whose request runs spins; the others wait for it.
  const running = ({ step, withoutFindings: only = false }: ApproveAllChoice) =>
    approveAll.isPending &&
    approveAll.variables?.step === step &&
    (approveAll.variables?.withoutFindings ?? false) === only;
  const props = (choice: ApproveAllChoice) => ({
    leftSection: <IconChecks size={16} />,
    loading: running(choice),
    disabled: approveAll.isPending && !running(choice),
    onClick: () => approveAll.mutate({ campaignId: campaign.id, ...choice }),
  });
  const all = props({});
  const unflagged = props({ withoutFindings: true });

  return (
    <>
      <ExplainedWhenBlocked blocked={blocked}>
        <Button variant="light" {...all} disabled={disabled || all.disabled}>
          Approve All
        </Button>
      </ExplainedWhenBlocked>
      <ExplainedWhenBlocked blocked={blocked}>
        <Button variant="light" {...unflagged} disabled={blocked || !withoutFindings || unflagged.disabled}>
          Approve all without findings
          {withoutFindings === undefined ? '' : ` (${withoutFindings.toLocaleString()})`}
        </Button>
      </ExplainedWhenBlocked>
      {steps.map((step) => {
        const byStep = props({ step });
        return (
          <Button key={step} variant="subtle" {...byStep} disabled={disabled || byStep.disabled}>
            Approve all of step {step}
          </Button>
        );
      })}
    </>
  );
}

/** Says why a bulk approval is off when the campaign has no unsubscribe link. */
function ExplainedWhenBlocked({ blocked, children }: { blocked: boolean; children: ReactNode }) {
  return (
    <Tooltip label={NO_UNSUBSCRIBE_HINT} disabled={!blocked} multiline w={260}>
      {/* A disabled button gets no pointer events; the wrapper keeps the tooltip working. */}
      <Box component="span" tabIndex={blocked ? 0 : undefined}>
        {children}
      </Box>
    </Tooltip>
  );
}

import { Loader, Menu } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import type { Campaign } from '../../../../contract/campaigns';
import type { ApproveAllChoice } from '../emails/approve-all-toast';
import type { EmailActions } from '../emails/use-email-actions';

export const NO_UNSUBSCRIBE_HINT = 'Without an unsubscribe link, each email must be approved individually.';

interface ApproveAllItemsProps {
  campaign: Pick<Campaign, 'id' | 'includeUnsubscribeLink' | 'steps'>;
  /** Nothing to approve in bulk: the emails are still loading, there are none, or all are approved. */
  nothingToApprove: boolean;
  /** Checked drafts the checks found nothing in; undefined until the counts are in. */
  withoutFindings: number | undefined;
  approveAll: EmailActions['approveAll'];
}

/**
 * The bulk approvals, as items of the review's "Bulk actions" menu: Approve all, "Approve all without
 * findings" (what the draft checks passed, leaving the rest to be read) and, for a campaign with
 * follow-ups, "Approve all of step N" for each step, so a sequence can be approved a step at a time.
 * docs/product.md §5: without an unsubscribe link none of them is offered, whatever the step; the menu
 * says why.
 */
export function ApproveAllItems({
  campaign,
  nothingToApprove,
  withoutFindings,
  approveAll,
}: ApproveAllItemsProps) {
  const blocked = !campaign.includeUnsubscribeLink;
  const steps = campaign.steps.length > 0 ? [1, ...campaign.steps.map((_, i) => i + 2)] : [];
  const disabled = blocked || nothingToApprove || approveAll.isPending;
  // Only the item whose request runs spins; the others wait for it.
  const running = ({ step, withoutFindings: only = false }: ApproveAllChoice) =>
    approveAll.isPending &&
    approveAll.variables?.step === step &&
    (approveAll.variables?.withoutFindings ?? false) === only;
  const props = (choice: ApproveAllChoice) => ({
    leftSection: running(choice) ? <Loader size={14} /> : <IconChecks size={16} />,
    onClick: () => approveAll.mutate({ campaignId: campaign.id, ...choice }),
  });

  return (
    <>
      <Menu.Label>{blocked ? NO_UNSUBSCRIBE_HINT : 'Approve'}</Menu.Label>
      <Menu.Item {...props({})} disabled={disabled}>
        Approve all
      </Menu.Item>
      <Menu.Item
        {...props({ withoutFindings: true })}
        disabled={blocked || !withoutFindings || approveAll.isPending}
      >
        Approve all without findings
        {withoutFindings === undefined ? '' : ` (${withoutFindings.toLocaleString()})`}
      </Menu.Item>
      {steps.map((step) => (
        <Menu.Item key={step} {...props({ step })} disabled={disabled}>
          Approve all of step {step}
        </Menu.Item>
      ))}
    </>
  );
}

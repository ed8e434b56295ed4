import { Button, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import { IconCalendarTime, IconChevronDown, IconPlayerPlay, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { Campaign } from '../../../../contract/campaigns';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PostalAddressConfirm, usePostalAddressMissing } from '../../../components/postal-address-warning';
import type { EmailCounts } from '../emails/email-queries';
import { ScheduleDialog } from '../emails/schedule-dialog';
import type { EmailActions } from '../emails/use-email-actions';
import { ApproveAllItems } from './approve-all-buttons';
import { DailyLimit } from './daily-limit';
import { RegenerateStepDialog, RegenerateStepItems } from './regenerate-step-menu';
import { sendPlan } from './send-plan';

interface BulkActionsProps {
  campaign: Campaign;
  /** Every email of the campaign, whatever the review's filter shows. */
  total: number;
  /** Undefined until the first page is read. */
  counts: EmailCounts | undefined;
  /** The first page is still loading: nothing is known yet. */
  loading: boolean;
  actions: EmailActions;
  /** The campaign's emails are being written (Generate, or a step regenerated): none to write again yet. */
  generating: boolean;
  /** Told when a dialog opens on top, so the review leaves Escape to it. */
  onNestedChange: (open: boolean) => void;
  /** Told when a step's regeneration started: the campaign is generating again. */
  onRegenerated: () => void;
}

/**
 * The campaign-wide part of the review (docs/product.md §5), kept short so the email under review starts
 * high on the screen: approval progress and the daily limit, one primary action (send the approved
 * first emails now, each asking first since it reaches many people at once) and a "Bulk actions" menu
 * with the bulk approvals, Schedule and, for a sequence, writing a step again. Every count names what
 * that action does now: follow-ups never go with the first emails but at their due time (sendPlan).
 */
export function BulkActions({
  campaign,
  total,
  counts,
  loading,
  actions,
  generating,
  onNestedChange,
  onRegenerated,
}: BulkActionsProps) {
  const [asking, setAsking] = useState<'send' | 'schedule' | null>(null);
  const [regenerating, setRegenerating] = useState<number | null>(null);
  // Kept while the question closes, so its title does not lose the step mid-transition.
  const [lastStep, setLastStep] = useState(1);
  const noPostalAddress = usePostalAddressMissing(campaign.includeUnsubscribeLink);
  const [sendWithoutAddress, setSendWithoutAddress] = useState(false);
  const addressCheck = noPostalAddress && (
    <PostalAddressConfirm confirmed={sendWithoutAddress} onConfirmedChange={setSendWithoutAddress} />
  );
  const waitsForAddress = noPostalAddress && !sendWithoutAddress;
  useEffect(
    () => onNestedChange(asking !== null || regenerating !== null),
    [onNestedChange, asking, regenerating],
  );
  const plan = sendPlan(counts, {
    name: campaign.name,
    sequence: campaign.steps.length > 0,
    loading: loading || total === 0,
  });
  const percent = counts && total > 0 ? Math.round((counts.approved / total) * 100) : 0;
  const sendApproved = (scheduledFor: string | null) =>
    actions.sendApproved.mutateAsync({ campaignId: campaign.id, scheduledFor }).then(
      () => true,
      () => false,
    );

  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={500}>
              Approval progress
            </Text>
            <Text size="sm" c="dimmed" ta="right">
              {counts ? approvalProgress(counts, total) : '…'}
            </Text>
          </Group>
          {/* Mantine's bar runs 0–100, so the share is given as a percentage. */}
          <Progress value={percent} color="teal" aria-label="Approval progress" />
        </Stack>
        <Group gap="xs" wrap="nowrap" style={{ flex: '0 0 auto' }} role="group" aria-label="Campaign actions">
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={14} />}>
                Bulk actions
              </Button>
            </Menu.Target>
            <Menu.Dropdown maw="calc(100vw - 2rem)">
              <ApproveAllItems
                campaign={campaign}
                nothingToApprove={loading || total === 0 || counts?.approved === total}
                withoutFindings={counts?.withoutFindings}
                approveAll={actions.approveAll}
              />
              <Menu.Divider />
              <Menu.Label>Send</Menu.Label>
              <Menu.Item
                leftSection={<IconCalendarTime size={16} />}
                disabled={plan.schedule.disabled}
                onClick={() => setAsking('schedule')}
              >
                {plan.schedule.label}
              </Menu.Item>
              <RegenerateStepItems
                campaign={campaign}
                disabled={loading || total === 0 || generating || actions.regenerateStep.isPending}
                onAsk={(step) => {
                  setLastStep(step);
                  setRegenerating(step);
                }}
              />
            </Menu.Dropdown>
          </Menu>
          <Button
            leftSection={
              plan.primary.kind === 'start' ? <IconPlayerPlay size={16} /> : <IconSend size={16} />
            }
            disabled={plan.primary.disabled}
            onClick={() => setAsking('send')}
          >
            {plan.primary.label}
          </Button>
        </Group>
      </Group>
      <DailyLimit campaignId={campaign.id} />
      <ConfirmDialog
        opened={asking === 'send'}
        title={plan.confirm.title}
        message={plan.confirm.message}
        confirmLabel={plan.confirm.confirmLabel}
        confirmColor="indigo"
        loading={actions.sendApproved.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => void sendApproved(null).then((ok) => ok && setAsking(null))}
        confirmDisabled={waitsForAddress}
      >
        {plan.confirm.note && <Text size="sm">{plan.confirm.note}</Text>}
        {plan.primary.kind === 'send' && (
          <Text size="sm" c="dimmed">
            Emails beyond today’s daily limit are scheduled for the next days.
          </Text>
        )}
        {addressCheck}
      </ConfirmDialog>
      <ScheduleDialog
        opened={asking === 'schedule'}
        title="Schedule approved emails"
        description={plan.schedule.description}
        confirmLabel="Schedule"
        loading={actions.sendApproved.isPending}
        onClose={() => setAsking(null)}
        onConfirm={sendApproved}
        confirmDisabled={waitsForAddress}
      >
        {addressCheck}
      </ScheduleDialog>
      <RegenerateStepDialog
        campaign={campaign}
        step={regenerating}
        lastStep={lastStep}
        regenerateStep={actions.regenerateStep}
        onClose={() => setRegenerating(null)}
        onRegenerated={onRegenerated}
      />
    </Stack>
  );
}

/**
 * "12 of 40 approved", and how many of those were approved with their findings dismissed rather than
 * fixed: worth knowing before sending them all.
 */
export function approvalProgress(counts: EmailCounts, total: number) {
  const progress = `${counts.approved.toLocaleString()} of ${total.toLocaleString()} approved`;
  const dismissed = counts.approvedWithDismissed;
  return dismissed > 0 ? `${progress} · ${dismissed.toLocaleString()} with findings dismissed` : progress;
}

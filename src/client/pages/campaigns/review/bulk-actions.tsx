import { Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarTime, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { Campaign } from '../../../../contract/campaigns';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PostalAddressConfirm, usePostalAddressMissing } from '../../../components/postal-address-warning';
import type { EmailCounts } from '../emails/email-queries';
import { ScheduleDialog } from '../emails/schedule-dialog';
import { emailCount } from '../emails/send-toasts';
import type { EmailActions } from '../emails/use-email-actions';
import { ApproveAllButtons, NO_UNSUBSCRIBE_HINT } from './approve-all-buttons';
import { DailyLimit } from './daily-limit';
import { RegenerateStepMenu } from './regenerate-step-menu';

interface BulkActionsProps {
  campaign: Campaign;
  /** Every email of the campaign, whatever the review's filter shows. */
  total: number;
  /** Undefined when the server gives no counts and the campaign spans several pages. */
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
 * The campaign-wide part of the review (docs/product.md §5): approval progress, the daily limit, Approve
 * All (and by step, for a sequence), writing a step of a sequence again, and the two ways to send the
 * approved emails, each asking first since it reaches many people at once.
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
  const [askingRegenerate, setAskingRegenerate] = useState(false);
  const noPostalAddress = usePostalAddressMissing(campaign.includeUnsubscribeLink);
  const [sendWithoutAddress, setSendWithoutAddress] = useState(false);
  const addressCheck = noPostalAddress && (
    <PostalAddressConfirm confirmed={sendWithoutAddress} onConfirmedChange={setSendWithoutAddress} />
  );
  const waitsForAddress = noPostalAddress && !sendWithoutAddress;
  useEffect(
    () => onNestedChange(asking !== null || askingRegenerate),
    [onNestedChange, asking, askingRegenerate],
  );
  const sendable = counts?.sendable;
  const nothingToSend = loading || total === 0 || sendable === 0;
  const suffix = sendable === undefined ? '' : ` (${sendable.toLocaleString()})`;
  const percent = counts && total > 0 ? Math.round((counts.approved / total) * 100) : 0;
  // docs/product.md §5: with no unsubscribe link, Approve All is disabled.
  const approveAllBlocked = !campaign.includeUnsubscribeLink;
  const sendApproved = (scheduledFor: string | null) =>
    actions.sendApproved.mutateAsync({ campaignId: campaign.id, scheduledFor }).then(
      () => true,
      () => false,
    );

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="sm">
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>
              Approval progress
            </Text>
            <Text size="sm" c="dimmed">
              {counts ? approvalProgress(counts, total) : '…'}
            </Text>
          </Group>
          {/* Mantine's bar runs 0–100, so the share is given as a percentage. */}
          <Progress value={percent} color="teal" aria-label="Approval progress" />
        </Stack>
        <DailyLimit campaignId={campaign.id} />
      </SimpleGrid>
      <Group gap="sm">
        <ApproveAllButtons
          campaign={campaign}
          nothingToApprove={loading || total === 0 || counts?.approved === total}
          withoutFindings={counts?.withoutFindings}
          approveAll={actions.approveAll}
        />
        <RegenerateStepMenu
          campaign={campaign}
          disabled={loading || total === 0 || generating}
          regenerateStep={actions.regenerateStep}
          onAskingChange={setAskingRegenerate}
          onRegenerated={onRegenerated}
        />
        <Button
          variant="default"
          leftSection={<IconCalendarTime size={16} />}
          disabled={nothingToSend}
          onClick={() => setAsking('schedule')}
        >
          Schedule{suffix}
        </Button>
        <Button
          leftSection={<IconSend size={16} />}
          disabled={sendable === 0}
          onClick={() => setAsking('send')}
        >
          Send Now{suffix}
        </Button>
      </Group>
      {approveAllBlocked && (
        <Text size="xs" c="dimmed">
          {NO_UNSUBSCRIBE_HINT}
        </Text>
      )}
      <ConfirmDialog
        opened={asking === 'send'}
        title="Send approved emails"
        message={`Send ${sendable === undefined ? 'every approved email' : emailCount(sendable)} of “${campaign.name}” now?`}
        confirmLabel="Send All Approved Now"
        confirmColor="indigo"
        loading={actions.sendApproved.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => void sendApproved(null).then((ok) => ok && setAsking(null))}
        confirmDisabled={waitsForAddress}
      >
        <Text size="sm" c="dimmed">
          Emails beyond today’s daily limit are scheduled for the next days.
        </Text>
        {addressCheck}
      </ConfirmDialog>
      <ScheduleDialog
        opened={asking === 'schedule'}
        title="Schedule approved emails"
        description={`Choose when to send ${sendable === undefined ? 'the approved emails' : emailCount(sendable)} of “${campaign.name}”.`}
        confirmLabel="Schedule All Approved"
        loading={actions.sendApproved.isPending}
        onClose={() => setAsking(null)}
        onConfirm={sendApproved}
        confirmDisabled={waitsForAddress}
      >
        {addressCheck}
      </ScheduleDialog>
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

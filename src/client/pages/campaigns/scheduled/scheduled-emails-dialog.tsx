import { Alert, Center, Group, Modal, Pagination, Stack, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Campaign } from '../../../../contract/campaigns';
import { errorDetail } from '../../../api';
import { Busy } from '../../../components/busy';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type ScheduledEmail, scheduledPageQuery } from '../emails/email-queries';
import { ScheduleDialog } from '../emails/schedule-dialog';
import { useEmailActions } from '../emails/use-email-actions';
import { ScheduledBulkActions } from './scheduled-bulk-actions';
import { ScheduledTable } from './scheduled-table';

interface ScheduledEmailsDialogProps {
  opened: boolean;
  /** Set when opened from a campaign's View Scheduled: its emails first; otherwise all scheduled emails. */
  campaign: Campaign | null;
  onClose: () => void;
}

const PAGE_SIZE = 20;

/**
 * "Scheduled Emails" (docs/product.md §5): every scheduled email, soonest first, to move, send now or
 * cancel, one at a time or ticked together. 90 % of the screen up to 1100 px, so subjects, addresses
 * and times have room; the whole screen on a phone.
 */
export function ScheduledEmailsDialog({ opened, campaign, onClose }: ScheduledEmailsDialogProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  // Without a modal stack, Escape closes every open modal: leave it to the dialog on top.
  const [nested, setNested] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Scheduled Emails"
      size="90%"
      styles={{ content: { maxWidth: 1100 } }}
      fullScreen={narrow}
      closeOnEscape={!nested}
    >
      {opened && <ScheduledEmails campaign={campaign} onNestedChange={setNested} />}
    </Modal>
  );
}

interface ScheduledEmailsProps {
  campaign: Campaign | null;
  onNestedChange: (open: boolean) => void;
}

function ScheduledEmails({ campaign, onNestedChange }: ScheduledEmailsProps) {
  // From a card, only that campaign's emails. (Highlighting them in the list of every campaign
  // marked every row in the usual case of one campaign having them all, which said nothing.)
  const [allCampaigns, setAllCampaigns] = useState(campaign === null);
  const campaignId = allCampaigns ? null : (campaign?.id ?? null);
  const [page, setPage] = useState(0);
  const { data, error, isPending } = useQuery(scheduledPageQuery(page, PAGE_SIZE, campaignId));
  const actions = useEmailActions();
  const [editing, setEditing] = useState<ScheduledEmail | null>(null);
  const [deleting, setDeleting] = useState<ScheduledEmail | null>(null);
  const [bulkDialogOpen, setBulkDialogOpen] = useState(false);
  // Ticks are of the rows in view: another page or list starts with none.
  const [ticked, setTicked] = useState<Set<number>>(() => new Set());
  const clearTicks = useCallback(() => setTicked(new Set()), []);
  useEffect(
    () => onNestedChange(editing !== null || deleting !== null || bulkDialogOpen),
    [onNestedChange, editing, deleting, bulkDialogOpen],
  );
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  // A ticked row that left the list (sent, deleted) is no longer part of a bulk action.
  const selected = data?.items.filter((email) => ticked.has(email.id)) ?? [];

  // Sending or deleting the last row of the last page leaves it empty: step back to one with rows.
  useEffect(() => {
    if (data && page > pages - 1) setPage(pages - 1);
  }, [data, page, pages]);

  const busyId =
    (actions.send.isPending && actions.send.variables?.id) ||
    (actions.unschedule.isPending && actions.unschedule.variables?.id) ||
    null;

  return (
    <Stack gap="md">
      {campaign && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {allCampaigns
              ? 'Scheduled emails of all your campaigns.'
              : `Scheduled emails of “${campaign.name}”.`}
          </Text>
          <Switch
            label="All campaigns"
            checked={allCampaigns}
            onChange={(event) => {
              setAllCampaigns(event.currentTarget.checked);
              setPage(0);
              clearTicks();
            }}
          />
        </Group>
      )}
      <ScheduledBulkActions selected={selected} onClear={clearTicks} onDialogChange={setBulkDialogOpen} />
      {error ? (
        <Alert color="red" title="Could not load scheduled emails">
          {errorDetail(error, 'Please try again.')}
        </Alert>
      ) : isPending ? (
        <Center mih={160}>
          <Busy label="Loading scheduled emails" />
        </Center>
      ) : data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No scheduled emails.
        </Text>
      ) : (
        <ScheduledTable
          emails={data.items}
          selected={ticked}
          onSelectedChange={setTicked}
          busyId={busyId}
          onEdit={setEditing}
          onSendNow={(email) => actions.send.mutate({ id: email.id })}
          onDelete={setDeleting}
        />
      )}
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {data?.total.toLocaleString()} scheduled
          </Text>
          <Pagination
            total={pages}
            value={page + 1}
            onChange={(value) => {
              setPage(value - 1);
              clearTicks();
            }}
          />
        </Group>
      )}
      <ScheduleDialog
        opened={editing !== null}
        title="Edit Scheduled Time"
        description={editing ? `When should the email to ${editing.recipient.email} go out?` : undefined}
        confirmLabel="Save"
        initial={editing?.scheduledFor}
        loading={actions.reschedule.isPending}
        onClose={() => setEditing(null)}
        onConfirm={(scheduledFor) =>
          editing
            ? actions.reschedule.mutateAsync({ id: editing.id, scheduledFor }).then(
                () => true,
                () => false,
              )
            : Promise.resolve(false)
        }
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Scheduled Email"
        message={`Cancel the email to ${deleting?.recipient.email ?? ''}? It will not be sent and goes back to its campaign as a draft.`}
        confirmLabel="Delete"
        loading={actions.unschedule.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting)
            actions.unschedule.mutate({ id: deleting.id }, { onSuccess: () => setDeleting(null) });
        }}
      />
    </Stack>
  );
}

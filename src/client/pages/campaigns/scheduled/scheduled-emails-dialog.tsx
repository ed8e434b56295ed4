import { Alert, Center, Group, Loader, Modal, Pagination, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Campaign } from '../../../../contract/campaigns';
import { errorDetail } from '../../../api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type ScheduledEmail, scheduledPageQuery } from '../emails/email-queries';
import { ScheduleDialog } from '../emails/schedule-dialog';
import { useEmailActions } from '../emails/use-email-actions';
import { ScheduledTable } from './scheduled-table';

interface ScheduledEmailsDialogProps {
  opened: boolean;
  /** Set when opened from a campaign's View Scheduled; otherwise all scheduled emails. */
  campaign: Campaign | null;
  onClose: () => void;
}

const PAGE_SIZE = 20;

/**
 * "Scheduled Emails" (docs/product.md §5): every scheduled email, soonest first, to move, send now or
 * cancel.
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
      size="xl"
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
  const [page, setPage] = useState(0);
  const { data, error, isPending } = useQuery(scheduledPageQuery(page, PAGE_SIZE));
  const actions = useEmailActions();
  const [editing, setEditing] = useState<ScheduledEmail | null>(null);
  const [deleting, setDeleting] = useState<ScheduledEmail | null>(null);
  useEffect(() => onNestedChange(editing !== null || deleting !== null), [onNestedChange, editing, deleting]);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

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
        // The list is one paginated list for all campaigns; this campaign's rows stand out.
        <Text size="sm" c="dimmed">
          Opened from “{campaign.name}”: its emails are highlighted. Emails of your other campaigns are listed
          too.
        </Text>
      )}
      {error ? (
        <Alert color="red" title="Could not load scheduled emails">
          {errorDetail(error, 'Please try again.')}
        </Alert>
      ) : isPending ? (
        <Center mih={160}>
          <Loader aria-label="Loading scheduled emails" />
        </Center>
      ) : data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No scheduled emails.
        </Text>
      ) : (
        <ScheduledTable
          emails={data.items}
          highlightCampaignId={campaign?.id ?? null}
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
          <Pagination total={pages} value={page + 1} onChange={(value) => setPage(value - 1)} />
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

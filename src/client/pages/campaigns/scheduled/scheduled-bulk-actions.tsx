import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { ScheduledEmail } from '../emails/email-queries';
import { ScheduleDialog } from '../emails/schedule-dialog';
import { emailCount } from '../emails/send-toasts';
import { useBulkScheduleActions } from './use-bulk-schedule-actions';

interface ScheduledBulkActionsProps {
  /** The ticked rows. */
  selected: ScheduledEmail[];
  /** Untick every row: on Clear selection, and once an action is done. */
  onClear: () => void;
  /** Whether one of this bar's dialogs is open, so Escape closes it rather than the list too. */
  onDialogChange: (open: boolean) => void;
}

/**
 * What can be done to the ticked rows at once: one new time for all ("Reschedule selected…"), or
 * back to draft ("Unschedule selected"), each behind its own dialog. Shown while a row is ticked.
 */
export function ScheduledBulkActions({ selected, onClear, onDialogChange }: ScheduledBulkActionsProps) {
  const bulk = useBulkScheduleActions();
  const [dialog, setDialog] = useState<'reschedule' | 'unschedule' | null>(null);
  useEffect(() => onDialogChange(dialog !== null), [onDialogChange, dialog]);
  const ids = selected.map((email) => email.id);
  const count = emailCount(selected.length);
  const busy = bulk.unschedule.isPending || bulk.reschedule.isPending;

  return (
    <>
      {/* The dialogs stay mounted after the ticks are cleared, so they can close as usual. */}
      {selected.length > 0 && (
        <Group justify="space-between" gap="sm" wrap="wrap" role="group" aria-label="Selected emails">
          <Text size="sm">{count} selected</Text>
          <Group gap="xs" wrap="wrap">
            <Button size="xs" variant="subtle" color="gray" onClick={onClear} disabled={busy}>
              Clear selection
            </Button>
            <Button size="xs" variant="default" onClick={() => setDialog('reschedule')} disabled={busy}>
              Reschedule selected…
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => setDialog('unschedule')}
              disabled={busy}
            >
              Unschedule selected
            </Button>
          </Group>
        </Group>
      )}
      <ScheduleDialog
        opened={dialog === 'reschedule'}
        title="Reschedule Selected Emails"
        description={`When should the ${count} go out? All of them get the same time.`}
        confirmLabel="Reschedule"
        // The soonest of them, as the list is in time order: a starting point to move from.
        initial={selected[0]?.scheduledFor}
        loading={bulk.reschedule.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(scheduledFor) =>
          bulk.reschedule.mutateAsync({ ids, scheduledFor }).then(
            () => {
              onClear();
              return true;
            },
            () => false,
          )
        }
      />
      <ConfirmDialog
        opened={dialog === 'unschedule'}
        title="Unschedule Selected Emails"
        message={`Cancel ${count}? They will not be sent and go back to their campaigns as drafts.`}
        confirmLabel="Unschedule"
        loading={bulk.unschedule.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          bulk.unschedule.mutate(ids, {
            onSuccess: () => {
              setDialog(null);
              onClear();
            },
          })
        }
      />
    </>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { type ReactNode, useState } from 'react';
import { CALENDAR_LABELS } from '../../../components/calendar-labels';
import { showToast } from '../../../toast';
import { checkScheduleTime, scheduleFields, todayValue } from './schedule-time';

interface ScheduleDialogProps {
  opened: boolean;
  title: string;
  description?: string;
  confirmLabel: string;
  /** The time already scheduled, when changing one. */
  initial?: string | null;
  loading?: boolean;
  onClose: () => void;
  /** Gets the chosen time as ISO; resolves true when it worked, to close the dialog. */
  onConfirm: (scheduledFor: string) => Promise<boolean>;
  /** Shown above the fields, e.g. a warning with a box to tick. */
  children?: ReactNode;
  /** The confirmation waits for something in `children`. */
  confirmDisabled?: boolean;
}

/** Date and Time fields for scheduling (docs/product.md §6): both required, in the future, from today on. */
export function ScheduleDialog({ opened, title, onClose, loading = false, ...form }: ScheduleDialogProps) {
  return (
    <Modal opened={opened} onClose={loading ? () => {} : onClose} title={title} centered>
      {/* Mounted only while open, so every opening starts from the given time. */}
      {opened && <ScheduleForm {...form} loading={loading} onClose={onClose} />}
    </Modal>
  );
}

type ScheduleFormProps = Omit<ScheduleDialogProps, 'opened' | 'title'> & { loading: boolean };

function ScheduleForm({
  description,
  confirmLabel,
  initial,
  loading,
  onClose,
  onConfirm,
  children,
  confirmDisabled = false,
}: ScheduleFormProps) {
  const [fields, setFields] = useState(() => scheduleFields(initial));

  const confirm = async () => {
    const check = checkScheduleTime(fields.date, fields.time);
    if (!check.ok) {
      showToast({ title: 'Error', message: check.error, tone: 'error' });
      return;
    }
    if (await onConfirm(check.iso)) onClose();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
    >
      <Stack gap="md">
        {description && <Text size="sm">{description}</Text>}
        {/* Above the fields: the date picker's calendar opens below them. */}
        {children}
        <Group grow align="flex-start">
          <DateInput
            label="Date"
            placeholder="Pick a date"
            value={fields.date}
            onChange={(date) => setFields((f) => ({ ...f, date }))}
            minDate={todayValue()}
            popoverProps={{ withinPortal: true }}
            ariaLabels={CALENDAR_LABELS}
            // Weekends in Mantine's red 6 read at 3.3:1; every day is as schedulable as any other.
            weekendDays={[]}
            withAsterisk
            data-autofocus
          />
          <TimeInput
            label="Time"
            value={fields.time}
            onChange={(event) => {
              const time = event.currentTarget.value;
              setFields((f) => ({ ...f, time }));
            }}
            withAsterisk
          />
        </Group>
        <Text size="xs" c="dimmed">
          Times are in your browser’s time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button type="submit" loading={loading} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

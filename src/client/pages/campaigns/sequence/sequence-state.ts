import type { MantineColor } from '@mantine/core';
import { formatDateTime } from '../../../format-date';
import type { SequenceRow } from './sequence-queries';

export const SEQUENCE_STATES: Record<SequenceRow['state'], { label: string; color: MantineColor }> = {
  active: { label: 'Active', color: 'blue' },
  finished: { label: 'Finished', color: 'teal' },
  stopped: { label: 'Stopped', color: 'gray' },
};

/** What an active recipient's next step waits for while the server knows no time for it yet. */
export const WAITING_FOR_STEP = 'waiting for approval or for the step before';

/** The Due column: when the next step goes, what it waits for, or nothing once no step is left. */
export function dueText(row: Pick<SequenceRow, 'state' | 'dueAt'>): string {
  if (row.state !== 'active') return '—';
  return row.dueAt ? formatDateTime(row.dueAt) : WAITING_FOR_STEP;
}

/** The Next step column: "Step 3" while active. */
export const nextStepText = (row: Pick<SequenceRow, 'state' | 'nextStep'>) =>
  row.state === 'active' && row.nextStep !== null ? `Step ${row.nextStep}` : '—';

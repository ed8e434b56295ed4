import { Tooltip } from '@mantine/core';
import { type Icon, IconMail, IconMailOpened, IconRobot } from '@tabler/icons-react';
import type { SentEmailRow } from '../../../contract/analytics';

export const MACHINE_ONLY_HINT = 'Opened only by an image proxy (probably not read)';

type OpenedState = 'person' | 'machine' | 'none';

/**
 * How each state of the Opened column looks and reads, shared by the icons and their legend so the
 * two cannot drift apart. A machine open is an image proxy, a scanner or a prefetch at delivery
 * fetching the pixel (services/machine-open), which proves nothing about a person reading.
 */
export const OPENED_LOOKS: Record<OpenedState, { Icon: Icon; color: string; label: string; hint: string }> = {
  person: {
    Icon: IconMailOpened,
    color: 'var(--mantine-color-teal-6)',
    label: 'Opened',
    hint: 'Opened by a person',
  },
  machine: {
    Icon: IconRobot,
    color: 'var(--mantine-color-gray-5)',
    label: 'Opened by a machine only',
    hint: MACHINE_ONLY_HINT,
  },
  none: { Icon: IconMail, color: 'var(--mantine-color-gray-4)', label: 'Not opened', hint: 'Not opened' },
};

/** Whether a person opened a sent email, only an image proxy did, or nothing did. */
export function OpenedIcon({ email }: { email: Pick<SentEmailRow, 'opened' | 'openedByMachineOnly'> }) {
  const state: OpenedState = email.opened ? 'person' : email.openedByMachineOnly ? 'machine' : 'none';
  const { Icon, color, label, hint } = OPENED_LOOKS[state];
  return (
    <Tooltip label={hint} multiline={state === 'machine'} maw={state === 'machine' ? 240 : undefined}>
      <span role="img" aria-label={label} style={{ display: 'inline-flex' }}>
        <Icon size={20} color={color} aria-hidden />
      </span>
    </Tooltip>
  );
}

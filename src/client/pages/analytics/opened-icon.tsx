import { Tooltip } from '@mantine/core';
import { IconMail, IconMailOpened, IconRobot } from '@tabler/icons-react';
import type { SentEmailRow } from '../../../contract/analytics';

export const MACHINE_ONLY_HINT = 'Opened only by an image proxy (probably not read)';

/** Whether a person opened a sent email, only an image proxy did, or nothing did. */
export function OpenedIcon({ email }: { email: Pick<SentEmailRow, 'opened' | 'openedByMachineOnly'> }) {
  if (email.opened) {
    return (
      <Tooltip label="Opened by a person">
        <span role="img" aria-label="Opened" style={{ display: 'inline-flex' }}>
          <IconMailOpened size={20} color="var(--mantine-color-teal-6)" aria-hidden />
        </span>
      </Tooltip>
    );
  }
  if (email.openedByMachineOnly) {
    return (
      <Tooltip label={MACHINE_ONLY_HINT} multiline maw={240}>
        <span role="img" aria-label="Opened by a machine only" style={{ display: 'inline-flex' }}>
          <IconRobot size={20} color="var(--mantine-color-gray-5)" aria-hidden />
        </span>
      </Tooltip>
    );
  }
  return (
    <Tooltip label="Not opened">
      <span role="img" aria-label="Not opened" style={{ display: 'inline-flex' }}>
        <IconMail size={20} color="var(--mantine-color-gray-4)" aria-hidden />
      </span>
    </Tooltip>
  );
}

import { Group, Tooltip } from '@mantine/core';
import { IconMailX, IconMessage, IconMessageReply } from '@tabler/icons-react';
import type { SentEmailRow } from '../../../contract/analytics';
import { formatDateTime } from '../../format-date';

const BOUNCE_HINT = {
  hard: 'Bounced: the address does not work, so Tailor sends nothing more to it',
  soft: 'Bounced for now (say, a full mailbox); later emails may arrive',
} as const;

/**
 * Whether a person replied to a sent email and whether it bounced (docs/product.md §12). Both can be
 * true: a soft bounce, then a reply once the mailbox had room.
 */
export function ResponseIcons({ email }: { email: Pick<SentEmailRow, 'repliedAt' | 'bounceKind'> }) {
  if (!email.repliedAt && !email.bounceKind) {
    // Most rows: a plain title rather than a Tooltip, which costs every row of every page.
    return (
      <span role="img" aria-label="No reply" title="No reply yet" style={{ display: 'inline-flex' }}>
        <IconMessage size={20} color="var(--mantine-color-gray-4)" aria-hidden />
      </span>
    );
  }
  return (
    <Group gap={4} justify="center" wrap="nowrap">
      {email.repliedAt && (
        <Tooltip label={`Replied ${formatDateTime(email.repliedAt)}`}>
          <span role="img" aria-label="Replied" style={{ display: 'inline-flex' }}>
            <IconMessageReply size={20} color="var(--mantine-color-green-7)" aria-hidden />
          </span>
        </Tooltip>
      )}
      {email.bounceKind && (
        <Tooltip label={BOUNCE_HINT[email.bounceKind]} multiline maw={260}>
          <span role="img" aria-label={`Bounced (${email.bounceKind})`} style={{ display: 'inline-flex' }}>
            <IconMailX
              size={20}
              color={`var(--mantine-color-${email.bounceKind === 'hard' ? 'red-6' : 'orange-6'})`}
              aria-hidden
            />
          </span>
        </Tooltip>
      )}
    </Group>
  );
}

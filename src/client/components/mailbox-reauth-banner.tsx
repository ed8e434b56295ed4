import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import type { CurrentUser } from '../../contract/auth';
import { signInHref } from '../pages/landing/sign-in';

/**
 * Shown while sending is paused because the mailbox refused its credentials: queued emails wait
 * and go out on their own once the user signs in again.
 */
export function MailboxReauthBanner({ user }: { user: CurrentUser }) {
  if (!user.mailboxNeedsReauth || user.provider === 'local') return null;
  const path = signInHref(user.provider);
  return (
    <Alert color="orange" icon={<IconPlugConnectedX size={18} />} title="Sending is paused" mb="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          Your {user.provider === 'google' ? 'Gmail' : 'Outlook'} connection has expired. Sign in again and
          your queued emails will go out.
        </Text>
        <Button component="a" href={path} size="xs" color="orange">
          Sign in again
        </Button>
      </Group>
    </Alert>
  );
}

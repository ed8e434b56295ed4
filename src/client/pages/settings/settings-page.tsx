import { Alert, Anchor, Grid, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { isUnauthorized } from '../../api';
import { useCurrentUser } from '../../session/use-current-user';
import { useCurrentWorkspace } from '../../session/use-current-workspace';
import { AccountCard } from './account-card';
import { ActivityCard } from './activity-card';
import { ApiTokensCard } from './api-tokens-card';
import { DataCard } from './data-card';
import { DoctorCard } from './doctor-card';
import { MailboxCard } from './mailbox-card';
import { MailboxesCard } from './mailboxes-card';
import { MembersCard } from './members-card';
import { SenderCard } from './sender-card';
import { SenderProfileCard } from './sender-profile-card';
import { senderSettingsQuery } from './use-save-sender-settings';
import { WebhooksCard } from './webhooks-card';

export function SettingsPage() {
  const { user } = useCurrentUser();
  const { current: workspace } = useCurrentWorkspace();
  const { data: settings, error } = useQuery(senderSettingsQuery);

  return (
    <Stack gap="lg">
      {settings?.publicUrlIsLoopback && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title="Links in your emails will not work yet"
        >
          PUBLIC_URL points to a loopback address (such as localhost), so open tracking and unsubscribe links
          will not work for recipients until PUBLIC_URL is set to a public address.
        </Alert>
      )}
      {error && !isUnauthorized(error) && (
        <Alert color="red" title="Could not load your settings">
          {error.message}
        </Alert>
      )}
      {settings && user ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack gap="lg">
              <SenderCard settings={settings} user={user} />
              <MembersCard />
              <AccountCard settings={settings} user={user} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack gap="lg">
              <SenderProfileCard settings={settings} user={user} />
              <MailboxesCard />
              <MailboxCard />
              <DataCard senderEmail={settings.email ?? user.email} />
              {(workspace?.role === 'owner' || workspace?.role === 'sender') && <ApiTokensCard />}
              {workspace?.role === 'owner' && <WebhooksCard />}
              {workspace?.role === 'owner' && <ActivityCard />}
              {user.isOperator && <DoctorCard />}
            </Stack>
          </Grid.Col>
        </Grid>
      ) : (
        !error && <Skeleton h={480} />
      )}
      <Anchor component={Link} href="/privacy-policy" size="sm" c="dimmed" ta="center">
        Privacy Policy
      </Anchor>
    </Stack>
  );
}

import { Anchor, Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { api } from '../../../contract/api';
import { call, errorDetail } from '../../api';
import { Busy } from '../../components/busy';
import { useCurrentUser } from '../../session/use-current-user';
import { workspaceHome } from '../../workspace';
import { rememberInvitation } from './pending-invitation';

/**
 * /invite/:token, the link an owner sends. Signed in, it joins at once and opens the workspace;
 * signed out, it keeps the link until the person has signed in (with the invited address) and
 * brings them back here.
 */
export function InvitePage({ token }: { token: string }) {
  const { status } = useCurrentUser();
  const join = useMutation({
    mutationFn: () => call(api.workspaces.accept, { body: { token } }),
    onSuccess: (joined) => window.location.assign(workspaceHome(joined.id)),
  });
  const { mutate } = join;
  useEffect(() => {
    if (status === 'signed-in') mutate();
    if (status === 'signed-out') rememberInvitation(token);
  }, [status, token, mutate]);

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Card maw={460} w="100%" padding="xl" shadow="sm">
        <Stack align="center" ta="center" gap="sm">
          <Title order={1} fz="h2">
            Join a workspace
          </Title>
          {join.isError ? (
            <>
              <Text c="red">{errorDetail(join.error, 'Could not join the workspace')}</Text>
              <Anchor component={Link} href="/">
                Go to Tailor
              </Anchor>
            </>
          ) : status === 'signed-out' ? (
            <>
              <Text c="dimmed">
                Sign in with the email address this invitation was sent to; you will come back here to join.
              </Text>
              <Button component={Link} href="/">
                Sign in
              </Button>
            </>
          ) : (
            <Busy label="Joining" />
          )}
        </Stack>
      </Card>
    </Center>
  );
}

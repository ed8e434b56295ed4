import { Alert, Code, List, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { PublicConfig } from '../../../contract/public-config';

type SignIn = PublicConfig['signIn'];

/** Some way in is offered to this visitor. */
export const canSignIn = (signIn: SignIn) => signIn.google || signIn.microsoft || signIn.local;

/**
 * Shown instead of sign-in buttons when this server offers this visitor no way in: which settings
 * the operator sets (README "Configuration"), so nobody clicks buttons that can only fail.
 */
export function SignInUnavailable({ signIn }: { signIn: SignIn }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconLock size={20} />}
      title="Sign-in is not set up on this server"
      role="status"
      aria-label="Sign-in is not set up on this server"
    >
      {signIn.localOnThisMachineOnly ? (
        <Text size="sm">
          Local sign-in works only from the server’s own machine: open Tailor there (for example at{' '}
          <Code>http://localhost:5000</Code>). To let people sign in from elsewhere, the operator sets one of
          the settings below and restarts Tailor.
        </Text>
      ) : (
        <Text size="sm">
          Nobody can sign in yet. The operator of this installation sets one of these and restarts Tailor:
        </Text>
      )}
      <List size="sm" mt="xs" spacing={4}>
        <List.Item>
          <Code>GOOGLE_CLIENT_ID</Code> and <Code>GOOGLE_CLIENT_SECRET</Code>: sign in and send with Gmail
        </List.Item>
        <List.Item>
          <Code>MICROSOFT_CLIENT_ID</Code> and <Code>MICROSOFT_CLIENT_SECRET</Code>: sign in and send with
          Outlook
        </List.Item>
        <List.Item>
          <Code>LOCAL_SIGN_IN=true</Code>: local sign-in without a password, for a server only you can reach (
          <Code>NODE_ENV=production</Code> turns it off unless set)
        </List.Item>
      </List>
    </Alert>
  );
}

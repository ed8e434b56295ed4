import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconTerminal2 } from '@tabler/icons-react';
import type { PublicConfig } from '../../../contract/public-config';
import { EmailPreviewCard } from './email-preview-card';
import { useContinueLocally } from './sign-in';
import { canSignIn, SignInUnavailable } from './sign-in-unavailable';

/** `signIn` is undefined while the public config loads. */
export function Hero({ signIn }: { signIn: PublicConfig['signIn'] | undefined }) {
  const continueLocally = useContinueLocally();
  const offerLocal = signIn?.local ?? false;
  return (
    <Box
      component="section"
      py={{ base: 48, md: 96 }}
      style={{
        background:
          'radial-gradient(ellipse at top left, var(--mantine-color-indigo-0), transparent 60%), radial-gradient(ellipse at bottom right, var(--mantine-color-violet-0), transparent 55%)',
      }}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Badge variant="light" size="lg" radius="sm" w="fit-content">
              AI-personalised email campaigns
            </Badge>
            <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.1} style={{ letterSpacing: '-0.02em' }}>
              Personalised email campaigns,{' '}
              <Text span inherit variant="gradient" gradient={{ from: 'indigo', to: 'violet', deg: 90 }}>
                written for every recipient
              </Text>
            </Title>
            <Text size="lg" c="dimmed" maw={520}>
              Tailor turns your contact list into one thoughtful email per person — drafted by AI, reviewed
              and approved by you, and sent from your own Gmail or Outlook mailbox.
            </Text>
            <Group gap="sm">
              {offerLocal && (
                <Button
                  size="lg"
                  leftSection={<IconTerminal2 size={20} />}
                  loading={continueLocally.isPending}
                  onClick={() => continueLocally.mutate()}
                >
                  Continue locally
                </Button>
              )}
              <Button
                component="a"
                href="#features"
                size="lg"
                variant={offerLocal ? 'default' : 'light'}
                rightSection={<IconArrowRight size={18} />}
              >
                See how it works
              </Button>
            </Group>
            {offerLocal && (
              <Text size="sm" c="dimmed">
                No sign-in provider is set up on this server, so you can try everything as a local user.
                Emails go to the built-in outbox.
              </Text>
            )}
            {signIn && !canSignIn(signIn) && <SignInUnavailable signIn={signIn} />}
          </Stack>
          <Box visibleFrom="md">
            <EmailPreviewCard />
          </Box>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

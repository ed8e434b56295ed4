import { Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PublicConfig } from '../../../contract/public-config';
import { ProviderButton } from './provider-button';

export function CtaSection({ signIn }: { signIn: PublicConfig['signIn'] | undefined }) {
  return (
    <Container size="lg" pb={{ base: 48, md: 88 }} component="section">
      <Paper
        radius="lg"
        p={{ base: 'xl', sm: 56 }}
        style={{
          background: 'linear-gradient(135deg, var(--mantine-color-indigo-7), var(--mantine-color-violet-7))',
        }}
      >
        <Stack align="center" ta="center" gap="md">
          <Title order={2} c="white" fz={{ base: 26, sm: 34 }}>
            Ready to make every email personal?
          </Title>
          <Text c="indigo.0" maw={560}>
            Connect the mailbox you already use and send your first tailored campaign today, to the people who
            asked to hear from you: customers, subscribers, members and event guests.
          </Text>
          <Group justify="center" gap="sm" mt="sm">
            <ProviderButton
              provider="google"
              configured={signIn?.google}
              label="Get Started with Gmail"
              size="md"
              variant="white"
            >
              Get Started with Gmail
            </ProviderButton>
            <ProviderButton
              provider="microsoft"
              configured={signIn?.microsoft}
              label="Get Started with Outlook"
              size="md"
              variant="white"
            >
              Get Started with Outlook
            </ProviderButton>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

import { Box, Container, Group, Text } from '@mantine/core';
import type { PublicConfig } from '../../../contract/public-config';
import { Brand } from '../../components/brand';
import { ProviderButton } from './provider-button';

export function LandingHeader({ signIn }: { signIn: PublicConfig['signIn'] | undefined }) {
  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="rgba(255, 255, 255, 0.9)"
      style={{
        zIndex: 10,
        backdropFilter: 'blur(8px)',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Brand />
          <Group gap="xs" wrap="nowrap">
            <ProviderButton
              provider="google"
              configured={signIn?.google}
              label="Sign in with Gmail"
              variant="default"
              size="sm"
            >
              <Text span inherit visibleFrom="sm">
                Sign in with&nbsp;
              </Text>
              Gmail
            </ProviderButton>
            <ProviderButton
              provider="microsoft"
              configured={signIn?.microsoft}
              label="Sign in with Outlook"
              variant="default"
              size="sm"
            >
              <Text span inherit visibleFrom="sm">
                Sign in with&nbsp;
              </Text>
              Outlook
            </ProviderButton>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

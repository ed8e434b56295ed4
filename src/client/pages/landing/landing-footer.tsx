import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'wouter';
import { Brand } from '../../components/brand';

export function LandingFooter() {
  return (
    <Box component="footer" py="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <Brand />
          <Group gap="lg">
            <Anchor component={Link} href="/privacy-policy" size="sm" c="dimmed">
              Privacy Policy
            </Anchor>
            <Anchor component={Link} href="/terms-of-service" size="sm" c="dimmed">
              Terms of Service
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            © 2024 Tailor. All rights reserved.
          </Text>
        </Group>
      </Container>
    </Box>
  );
}

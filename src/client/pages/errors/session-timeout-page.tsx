import { Anchor, Card, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { SESSION_TIMEOUT_REDIRECT_MS } from '../../../contract/limits';

/** docs/product.md §1: explains the lost session, then returns to / after one second. */
export function SessionTimeoutPage() {
  const [, navigate] = useLocation();

  useEffect(() => {
    const timer = setTimeout(() => navigate('/'), SESSION_TIMEOUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Card maw={420} w="100%" padding="xl" shadow="sm">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange">
            <IconClockOff size={30} />
          </ThemeIcon>
          <Title order={1} fz="h2">
            Session Timeout
          </Title>
          <Text c="dimmed">Your session has timed out due to inactivity.</Text>
          <Stack gap={6} align="center">
            <Loader size="sm" aria-hidden />
            <Text size="sm">Redirecting to homepage...</Text>
          </Stack>
          <Anchor component={Link} href="/privacy-policy" size="sm" mt="sm">
            Privacy Policy
          </Anchor>
        </Stack>
      </Card>
    </Center>
  );
}

import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';

export function NotFoundPage() {
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <Text fz={72} fw={900} c="indigo.5" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} fz="h2">
          404 Page Not Found
        </Title>
        <Text c="dimmed">The page you are looking for does not exist or is not available to you.</Text>
        <Button component={Link} href="/" mt="md">
          Go to home
        </Button>
      </Stack>
    </Center>
  );
}

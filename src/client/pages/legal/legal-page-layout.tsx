import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** Frame of the static legal pages: back link, title and a readable column of text. */
export function LegalPageLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack
      mih="100dvh"
      bg="var(--mantine-color-gray-0)"
      py={{ base: 'md', sm: 48 }}
      px={{ base: 'xs', sm: 'md' }}
    >
      <Container size={760} w="100%" px={0}>
        <Anchor component={Link} href="/" size="sm">
          <Group gap={6} component="span">
            <IconArrowLeft size={16} />
            <Text span inherit>
              Back to home
            </Text>
          </Group>
        </Anchor>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 40 }} mt="md" component="article">
          <Title order={1} mb="lg">
            {title}
          </Title>
          {children}
        </Paper>
      </Container>
    </Stack>
  );
}

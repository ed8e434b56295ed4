import { ActionIcon, AppShell, Burger, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '../../contract/auth';
import { sectionFor } from '../sections';
import { AppNavbar } from './app-navbar';
import { MailboxReauthBanner } from './mailbox-reauth-banner';
import { WebhookOffBanner } from './webhook-off-banner';

/** The signed-in frame (docs/product.md §1): sidebar, a header naming the section, and the page. */
export function AppLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [navOpened, nav] = useDisclosure(false);
  const [location] = useLocation();
  const section = sectionFor(location);

  return (
    <AppShell
      layout="alt"
      header={{ height: 72 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'md', sm: 'xl' }}
      bg="var(--mantine-color-gray-0)"
    >
      <AppShell.Header px={{ base: 'md', sm: 'xl' }}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group wrap="nowrap" gap="sm" miw={0}>
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Open navigation"
              aria-expanded={navOpened}
            />
            <Stack gap={0} miw={0}>
              <Title order={1} fz={{ base: 'lg', sm: 'xl' }} lh={1.3}>
                {section.title}
              </Title>
              <Text size="sm" c="dimmed" truncate="end">
                {section.subtitle}
              </Text>
            </Stack>
          </Group>
          <Button component={Link} href="/campaigns" leftSection={<IconPlus size={16} />} visibleFrom="xs">
            New Campaign
          </Button>
          <ActionIcon component={Link} href="/campaigns" size="lg" hiddenFrom="xs" aria-label="New Campaign">
            <IconPlus size={18} />
          </ActionIcon>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <AppNavbar user={user} onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <MailboxReauthBanner user={user} />
        <WebhookOffBanner />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}

import {
  ActionIcon,
  Anchor,
  AppShell,
  Avatar,
  Badge,
  CloseButton,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { api } from '../../contract/api';
import type { CurrentUser } from '../../contract/auth';
import { queryOf } from '../api';
import { inboxUnreadQuery } from '../pages/inbox/inbox-queries';
import { SECTIONS, sectionFor } from '../sections';
import { useLogout } from '../session/use-logout';
import { accountLines, avatarInitials } from '../session/user-display';
import { Brand } from './brand';
import { WorkspaceSwitcher } from './workspace-switcher';

/** Sidebar: brand, the workspace, section links, the Privacy Policy link and who is signed in. */
export function AppNavbar({ user, onNavigate }: { user: CurrentUser; onNavigate: () => void }) {
  const [location] = useLocation();
  const current = sectionFor(location).path;
  const logout = useLogout();
  // The sender name in Settings names a user the sign-in gave no name (a local one).
  const { data: settings } = useQuery(queryOf(api.settings.sender));
  const { name, email } = accountLines(user, settings?.name);
  // Polled while signed in, and read again after each read or unread change (inbox-queries).
  const { data: inbox } = useQuery(inboxUnreadQuery);
  const unread = inbox?.unread ?? 0;

  return (
    <>
      <AppShell.Section p="md">
        <Group justify="space-between" wrap="nowrap">
          <Brand />
          {/* On phones the open navbar covers the header and its burger, so it closes from here. */}
          <CloseButton hiddenFrom="sm" onClick={onNavigate} aria-label="Close navigation" />
        </Group>
      </AppShell.Section>
      <AppShell.Section px="sm" pb="sm">
        <WorkspaceSwitcher />
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="sm">
        <nav aria-label="Main">
          <Stack gap={4}>
            {SECTIONS.map((section) => (
              <NavLink
                key={section.path}
                component={Link}
                href={section.path}
                label={section.label}
                leftSection={<section.icon size={18} stroke={1.6} />}
                rightSection={
                  section.path === '/inbox' && unread > 0 ? <UnreadBadge count={unread} /> : undefined
                }
                active={current === section.path}
                aria-current={current === section.path ? 'page' : undefined}
                onClick={onNavigate}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </Stack>
        </nav>
      </AppShell.Section>
      <AppShell.Section p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Anchor component={Link} href="/privacy-policy" size="sm" c="dimmed" onClick={onNavigate}>
          Privacy Policy
        </Anchor>
        <Group mt="md" gap="sm" wrap="nowrap">
          <Avatar src={user.profileImageUrl} alt={name} color="indigo" radius="xl">
            {avatarInitials(user, settings?.name)}
          </Avatar>
          <Stack gap={0} miw={0} flex={1}>
            <Text size="sm" fw={600} truncate="end">
              {name}
            </Text>
            {email && (
              <Text size="xs" c="dimmed" truncate="end">
                {email}
              </Text>
            )}
          </Stack>
          <Tooltip label="Sign out">
            <ActionIcon variant="subtle" color="gray" onClick={() => void logout()} aria-label="Sign out">
              <IconLogout size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </AppShell.Section>
    </>
  );
}

/** The inbox's unread answers beside its link; the link's name says "… unread" to screen readers. */
function UnreadBadge({ count }: { count: number }) {
  return (
    <>
      <Badge size="sm" variant="filled" radius="xl" aria-hidden>
        {count > 999 ? '999+' : count.toLocaleString()}
      </Badge>
      <VisuallyHidden>{count.toLocaleString()} unread</VisuallyHidden>
    </>
  );
}

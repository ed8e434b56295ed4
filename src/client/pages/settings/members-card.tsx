import {
  ActionIcon,
  Button,
  Card,
  CopyButton,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../contract/api';
import { ROLES, type Role } from '../../../contract/workspaces';
import { call, errorDetail, keyOf, queryOf } from '../../api';
import { useCurrentWorkspace } from '../../session/use-current-workspace';
import { showToast } from '../../toast';
import { FourEyesSetting } from './four-eyes-setting';
import { KeepAnswersSetting } from './keep-answers-setting';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role[0]!.toUpperCase() + role.slice(1) }));

/** What each role may do, in the words the invite form shows. */
const ROLE_HELP =
  'Viewers read; reviewers also edit and approve drafts; senders also make campaigns and send from their own mailbox; owners also manage members, settings, exports and deletion.';

/** Members: who is in this workspace and as what; owners invite, change roles and remove. */
export function MembersCard() {
  const { current } = useCurrentWorkspace();
  const { data: members } = useQuery(queryOf(api.workspaces.members));
  const isOwner = current?.role === 'owner';
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keyOf(api.workspaces.members) });
  const failed = (error: Error) =>
    showToast({ title: errorDetail(error, 'Could not change the member'), tone: 'error' });
  const changeRole = useMutation({
    mutationFn: (change: { userId: number; role: Role }) =>
      call(api.workspaces.changeRole, { params: { id: change.userId }, body: { role: change.role } }),
    onSuccess: refresh,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (userId: number) => call(api.workspaces.removeMember, { params: { id: userId } }),
    onSuccess: refresh,
    onError: failed,
  });

  return (
    <Card component="section" aria-labelledby="members-card-title">
      <Title order={2} fz="lg" id="members-card-title">
        Members of {current?.name ?? 'this workspace'}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Everyone here shares its templates, campaigns and suppression list.
      </Text>
      <Stack gap="md" mb="md">
        <FourEyesSetting />
        <KeepAnswersSetting />
      </Stack>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            <Table.Th>Role</Table.Th>
            {isOwner && <Table.Th aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members?.map((m) => (
            <Table.Tr key={m.userId}>
              <Table.Td>
                <Text size="sm">{m.name ?? m.email}</Text>
                {m.name && (
                  <Text size="xs" c="dimmed">
                    {m.email}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {isOwner ? (
                  <Select
                    aria-label={`Role of ${m.email}`}
                    data={ROLE_OPTIONS}
                    value={m.role}
                    allowDeselect={false}
                    onChange={(role) => role && changeRole.mutate({ userId: m.userId, role: role as Role })}
                    w={130}
                  />
                ) : (
                  <Text size="sm">{m.role}</Text>
                )}
              </Table.Td>
              {isOwner && (
                <Table.Td>
                  <Tooltip label="Remove from the workspace">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${m.email}`}
                      onClick={() => remove.mutate(m.userId)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {isOwner && <Invitations />}
    </Card>
  );
}

function Invitations() {
  const queryClient = useQueryClient();
  const { data: pending } = useQuery(queryOf(api.workspaces.invitations));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('sender');
  const [link, setLink] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: keyOf(api.workspaces.invitations) });
  const invite = useMutation({
    mutationFn: () => call(api.workspaces.invite, { body: { email, role } }),
    onSuccess: (made) => {
      setLink(made.link);
      setEmail('');
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => call(api.workspaces.revokeInvitation, { params: { id } }),
    onSuccess: refresh,
  });

  return (
    <Stack mt="lg" gap="sm">
      <Text fw={600}>Invite someone</Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate();
        }}
      >
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Email address"
            description="They sign in with this address to join."
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            required
            flex={1}
            miw={220}
            error={invite.error ? errorDetail(invite.error, 'Could not invite') : undefined}
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={role}
            allowDeselect={false}
            onChange={(r) => r && setRole(r as Role)}
            w={130}
          />
          <Button type="submit" loading={invite.isPending} disabled={!email.trim()}>
            Invite
          </Button>
        </Group>
      </form>
      <Text size="xs" c="dimmed">
        {ROLE_HELP}
      </Text>
      {link && (
        <Group gap="xs" wrap="nowrap">
          <TextInput aria-label="Invitation link" value={link} readOnly flex={1} />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}
      {link && (
        <Text size="xs" c="dimmed">
          Send this link to them: it works once, for 7 days, and is not shown again.
        </Text>
      )}
      {pending?.map((i) => (
        <Group key={i.id} justify="space-between" wrap="nowrap">
          <Text size="sm">
            {i.email} as {i.role}, until {new Date(i.expiresAt).toLocaleDateString()}
          </Text>
          <Button size="xs" variant="subtle" color="red" onClick={() => revoke.mutate(i.id)}>
            Revoke
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

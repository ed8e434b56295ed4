import { Button, Group, Menu, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconCheck, IconPlus, IconSelector } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../contract/api';
import { call, errorDetail } from '../api';
import { useCurrentWorkspace } from '../session/use-current-workspace';
import { workspaceHome } from '../workspace';

/**
 * Which workspace this tab works in, and the others the person belongs to. Choosing one opens the
 * app at its address (workspace.ts), so each tab keeps the workspace it shows.
 */
export function WorkspaceSwitcher() {
  const { current, workspaces } = useCurrentWorkspace();
  const [creating, setCreating] = useState(false);
  if (!current || !workspaces) return null;

  return (
    <>
      <Menu position="bottom-start" width="target" withinPortal>
        <Menu.Target>
          <UnstyledButton
            aria-label={`Workspace: ${current.name}`}
            p="xs"
            w="100%"
            style={{
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} truncate="end">
                  {current.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {current.role}
                </Text>
              </Stack>
              <IconSelector size={16} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Workspaces</Menu.Label>
          {workspaces.map((w) => (
            <Menu.Item
              key={w.id}
              component="a"
              href={workspaceHome(w.id)}
              rightSection={w.id === current.id ? <IconCheck size={14} /> : null}
            >
              {w.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            New workspace
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <NewWorkspaceDialog opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}

function NewWorkspaceDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => call(api.workspaces.create, { body: { name } }),
    onSuccess: (made) => window.location.assign(workspaceHome(made.id)),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="New workspace">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            description="Your team's or company's name; you can invite people once it is made."
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={100}
            required
            data-autofocus
            error={create.error ? errorDetail(create.error, 'Could not make the workspace') : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

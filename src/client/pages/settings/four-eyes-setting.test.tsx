import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role, WorkspaceMembership } from '../../../contract/workspaces';
import { createQueryClient } from '../../api';
import { FourEyesSetting } from './four-eyes-setting';

// The label holds the explanation too, so the name starts with the switch's own words.
const LABEL = /^Second pair of eyes on every email/;

/** A fake server holding one workspace, as `role` sees it; a change is kept, as the server would. */
function stubServer(role: Role, fourEyes: boolean) {
  const calls: string[] = [];
  let workspace: WorkspaceMembership = { id: 5, name: 'Sales team', role, fourEyes, keepAnswerDays: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}${init?.body ? ` ${init.body}` : ''}`);
      if (method === 'GET' && url === '/api/workspaces') return Response.json([workspace]);
      if (method === 'PUT' && url === '/api/workspace') {
        workspace = { ...workspace, ...JSON.parse(String(init?.body)) };
        return Response.json(workspace);
      }
      return new Response('Not here', { status: 404, statusText: 'Not Found' });
    }),
  );
  return calls;
}

function renderSetting() {
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <FourEyesSetting />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('the four-eyes setting', () => {
  it('lets an owner turn it on, and reads the workspace again', async () => {
    const calls = stubServer('owner', false);
    renderSetting();

    const toggle = await screen.findByRole('switch', { name: LABEL });
    expect(toggle).toHaveProperty('checked', false);
    expect(toggle).toHaveProperty('disabled', false);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls).toContain('PUT /api/workspace {"fourEyes":true}'));
    // Read again after the save, so the review sees the setting at once.
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/workspaces')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('switch', { name: LABEL })).toHaveProperty('checked', true));
    expect(screen.queryByText(/Only an owner can change this/)).toBeNull();
  });

  it('shows everyone else whether it is on, without letting them change it', async () => {
    const calls = stubServer('reviewer', true);
    renderSetting();

    const toggle = await screen.findByRole('switch', { name: LABEL });
    expect(toggle).toHaveProperty('checked', true);
    expect(toggle).toHaveProperty('disabled', true);
    expect(screen.getByText(/Only an owner can change this\./)).toBeTruthy();
    fireEvent.click(toggle);
    expect(calls.filter((c) => c.startsWith('PUT'))).toEqual([]);
  });
});

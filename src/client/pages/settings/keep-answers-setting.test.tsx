import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role, WorkspaceMembership } from '../../../contract/workspaces';
import { createQueryClient } from '../../api';
import { KeepAnswersSetting } from './keep-answers-setting';

// The label holds the explanation too, so the name starts with the field's own words.
const LABEL = /^Keep answers you read for N days \(0 = keep only the snippet\)/;

/** A fake server holding one workspace, as `role` sees it; a change is kept, as the server would. */
function stubServer(role: Role, keepAnswerDays: number) {
  const calls: string[] = [];
  let workspace: WorkspaceMembership = { id: 5, name: 'Sales team', role, fourEyes: false, keepAnswerDays };
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
        <KeepAnswersSetting />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const SAVE = 'Save how long answers are kept';
const puts = (calls: string[]) => calls.filter((c) => c.startsWith('PUT'));

describe('the keep-answers setting', () => {
  it('lets an owner keep answers for some days, saved with Save, and reads the workspace again', async () => {
    const calls = stubServer('owner', 0);
    renderSetting();

    const field = (await screen.findByRole('textbox', { name: LABEL })) as HTMLInputElement;
    expect(field.value).toBe('0');
    expect(screen.getByText(/keeps only a 200-character snippet of each answer/)).toBeTruthy();
    const save = screen.getByRole('button', { name: SAVE });
    // Nothing to save until the value changes.
    expect(save).toHaveProperty('disabled', true);

    fireEvent.change(field, { target: { value: '30' } });
    expect(puts(calls)).toEqual([]);
    fireEvent.click(save);
    await waitFor(() => expect(puts(calls)).toEqual(['PUT /api/workspace {"keepAnswerDays":30}']));
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/workspaces')).toHaveLength(2));
    expect(await screen.findByText('Answers are kept 30 days')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: LABEL }) as HTMLInputElement).value).toBe('30');
    expect(screen.getByRole('button', { name: SAVE })).toHaveProperty('disabled', true);
  });

  it('keeps the value within a year', async () => {
    const calls = stubServer('owner', 7);
    renderSetting();
    const field = (await screen.findByRole('textbox', { name: LABEL })) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '500' } });
    fireEvent.blur(field);
    expect(Number(field.value)).toBeLessThanOrEqual(365);
    fireEvent.submit(field.closest('form')!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The server would refuse more than 365; the field never sends it.
    const sent = puts(calls).map((c) => JSON.parse(c.replace('PUT /api/workspace ', '')).keepAnswerDays);
    expect(sent.every((n: number) => n <= 365)).toBe(true);
  });

  it('shows everyone else the value as words, without a field to change it', async () => {
    const calls = stubServer('sender', 14);
    renderSetting();
    expect(await screen.findByText('Answers you read are kept for 14 days.')).toBeTruthy();
    expect(screen.getByText(/Only an owner can change this\./)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: SAVE })).toBeNull();
    expect(puts(calls)).toEqual([]);
  });

  it('says when only the snippet is kept', async () => {
    stubServer('viewer', 0);
    renderSetting();
    expect(await screen.findByText('Answers you read: only their snippet is kept.')).toBeTruthy();
  });
});

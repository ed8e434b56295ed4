import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';
import { SECRET, stubWebhookServer } from './webhook-test-server';

function renderDialog() {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <WebhookEndpointDialog opened onClose={onClose} onCreated={onCreated} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Add webhook endpoint' }));
  return { dialog, onCreated, onClose };
}

const submitUrl = (dialog: ReturnType<typeof renderDialog>['dialog'], url: string) => {
  fireEvent.change(dialog.getByLabelText(/^URL/), { target: { value: url } });
  fireEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WebhookEndpointDialog', () => {
  it("shows the server's refusal of the URL under the field, until the URL changes", async () => {
    stubWebhookServer({ endpoints: [] });
    const { dialog, onCreated, onClose } = renderDialog();
    submitUrl(dialog, 'ftp://files.example.com/in');

    const url = dialog.getByLabelText(/^URL/);
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    const error = dialog.getByText('Enter an http:// or https:// address');
    expect(url.getAttribute('aria-describedby')).toContain(error.id);
    expect(onCreated).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.change(url, { target: { value: 'https://files.example.com/in' } });
    expect(dialog.queryByText('Enter an http:// or https:// address')).toBeNull();
    expect(url.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('says why a URL with a user name and password is refused', async () => {
    stubWebhookServer({ endpoints: [] });
    const { dialog } = renderDialog();
    submitUrl(dialog, 'https://pat:hunter2@hooks.example.com/in');
    expect(await dialog.findByText(/^Leave the user name and password out of the address/)).toBeTruthy();
  });

  it('sends every event type as an empty list, and hands the secret on once made', async () => {
    const calls = stubWebhookServer({ endpoints: [] });
    const { dialog, onCreated, onClose } = renderDialog();
    expect(dialog.getByRole('checkbox', { name: 'All events' })).toHaveProperty('checked', true);
    submitUrl(dialog, 'https://hooks.example.com/in');
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(onCreated.mock.calls[0]?.[0]).toMatchObject({ secret: SECRET });
    expect(onClose).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://hooks.example.com/in',
      description: '',
      eventTypes: [],
    });
  });

  it('asks for at least one event type when All events is left unticked', () => {
    stubWebhookServer({ endpoints: [] });
    const { dialog } = renderDialog();
    fireEvent.change(dialog.getByLabelText(/^URL/), { target: { value: 'https://hooks.example.com/in' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: 'email.opened' }));
    expect(dialog.getByRole('checkbox', { name: 'All events' })).toHaveProperty('checked', false);
    // Each type says what it is, from the event's own description.
    expect(dialog.getByText('The open pixel of the email was loaded.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('checkbox', { name: 'email.opened' }));
    expect(dialog.getByText('Choose at least one event type, or All events')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Add endpoint' })).toHaveProperty('disabled', true);
    fireEvent.click(dialog.getByRole('checkbox', { name: 'All events' }));
    expect(dialog.queryByText('Choose at least one event type, or All events')).toBeNull();
    expect(dialog.getByRole('button', { name: 'Add endpoint' })).toHaveProperty('disabled', false);
  });
});

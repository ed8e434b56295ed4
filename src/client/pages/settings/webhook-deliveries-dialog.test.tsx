import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookEndpointView } from '../../../contract/webhooks';
import { createQueryClient } from '../../api';
import { formatDateTime } from '../../format-date';
import { isoFromLocalInput } from '../../local-date-time';
import { DELIVERIES_PAGE, WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import type { WebhookDeliveryView } from './webhook-deliveries-table';
import { OFF_MESSAGE, stubWebhookServer, testDelivery, testEndpoint } from './webhook-test-server';

const HOUR = 3600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

const PENDING = testDelivery({
  id: 3,
  messageId: 'msg_3',
  eventType: 'email.opened',
  occurredAt: hoursAgo(1),
  state: 'pending',
  attempts: 3,
  lastStatus: 503,
  lastError: 'HTTP 503',
  nextAttemptAt: '2026-03-05T11:00:00.000Z',
  deliveredAt: null,
});
const FAILED = testDelivery({
  id: 2,
  messageId: 'msg_2',
  eventType: 'email.bounced',
  occurredAt: hoursAgo(2),
  state: 'failed',
  attempts: 10,
  lastStatus: null,
  lastError: 'Timed out after 15 s',
  deliveredAt: null,
});
const DELIVERED = testDelivery({ id: 1, occurredAt: hoursAgo(3) });

function renderLog(deliveries: WebhookDeliveryView[], endpoint: WebhookEndpointView = testEndpoint()) {
  const calls = stubWebhookServer({ endpoints: [endpoint], deliveries });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <WebhookDeliveriesDialog endpoint={endpoint} onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const dialog = within(screen.getByRole('dialog', { name: `Deliveries to ${endpoint.url}` }));
  return { calls, dialog };
}

/** The table's rows under its header, as the event type each starts with. */
const eventsShown = (dialog: ReturnType<typeof renderLog>['dialog']) =>
  dialog
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

const rowOf = async (dialog: ReturnType<typeof renderLog>['dialog'], eventType: string) =>
  within((await dialog.findByRole('button', { name: eventType })).closest('tr')!);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WebhookDeliveriesDialog', () => {
  it('lists the deliveries newest first with their state, attempts, last answer and next attempt', async () => {
    const { dialog } = renderLog([DELIVERED, FAILED, PENDING]);
    const pending = await rowOf(dialog, 'email.opened');
    expect(eventsShown(dialog)).toEqual(['email.opened', 'email.bounced', 'email.sent']);
    expect(pending.getByText('Pending')).toBeTruthy();
    expect(pending.getByText('3')).toBeTruthy();
    expect(pending.getByText('HTTP 503')).toBeTruthy();
    expect(pending.getByText(formatDateTime('2026-03-05T11:00:00.000Z'))).toBeTruthy();
    expect(pending.getByText(formatDateTime(PENDING.occurredAt))).toBeTruthy();
    const failed = await rowOf(dialog, 'email.bounced');
    expect(failed.getByText('Failed')).toBeTruthy();
    expect(failed.getByText('Timed out after 15 s')).toBeTruthy();
    const delivered = await rowOf(dialog, 'email.sent');
    expect(delivered.getByText('Delivered')).toBeTruthy();
    expect(delivered.getByText('HTTP 200')).toBeTruthy();
  });

  it('reads the next page from where the last one ended', async () => {
    const many = Array.from({ length: DELIVERIES_PAGE + 5 }, (_, i) => testDelivery({ id: i + 1 }));
    const { calls, dialog } = renderLog(many);
    fireEvent.click(await dialog.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(eventsShown(dialog)).toHaveLength(DELIVERIES_PAGE + 5));
    expect(calls.map((c) => c.url)).toContain(`/api/webhooks/1/deliveries?before=6&limit=${DELIVERIES_PAGE}`);
    // The last page: nothing more to load.
    expect(dialog.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows only the deliveries in the state chosen', async () => {
    const { calls, dialog } = renderLog([DELIVERED, FAILED, PENDING]);
    await rowOf(dialog, 'email.opened');
    fireEvent.click(dialog.getByRole('radio', { name: 'Failed' }));
    await waitFor(() => expect(eventsShown(dialog)).toEqual(['email.bounced']));
    expect(calls.map((c) => c.url)).toContain('/api/webhooks/1/deliveries?state=failed&limit=50');
    fireEvent.click(dialog.getByRole('radio', { name: 'Delivered' }));
    await waitFor(() => expect(eventsShown(dialog)).toEqual(['email.sent']));
  });

  it('opens a delivery: its webhook-id, the body as sent and every attempt', async () => {
    const { calls, dialog } = renderLog([DELIVERED, FAILED]);
    fireEvent.click((await rowOf(dialog, 'email.bounced')).getByText('Timed out after 15 s'));

    expect(await dialog.findByText('msg_2')).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain('/api/webhooks/1/deliveries/2');
    const body = dialog.getByText(/"campaignId": 4/);
    expect(body.tagName).toBe('PRE');
    expect(JSON.parse(body.textContent!)).toEqual({
      type: 'email.bounced',
      timestamp: FAILED.occurredAt,
      data: { campaignId: 4 },
    });
    const attempts = within(dialog.getByRole('table', { name: 'Attempts' }));
    const [timedOut, answered] = attempts
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row));
    expect(timedOut!.getByText('Timed out after 15 s')).toBeTruthy();
    expect(timedOut!.getByText('15000 ms')).toBeTruthy();
    expect(answered!.getByText(formatDateTime('2026-03-05T09:35:01.000Z'))).toBeTruthy();
    expect(answered!.getByText('HTTP 200')).toBeTruthy();
    expect(answered!.getByText('84 ms')).toBeTruthy();
    expect(answered!.getByText('{"ok":true}')).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Back to deliveries' }));
    expect(await dialog.findByRole('button', { name: 'email.sent' })).toBeTruthy();
  });

  it('replays one delivery and reads the log again', async () => {
    const { calls, dialog } = renderLog([DELIVERED, FAILED]);
    const failed = await rowOf(dialog, 'email.bounced');
    fireEvent.click(failed.getByRole('button', { name: /^Replay/ }));
    expect(await dialog.findByText('1 delivery replayed')).toBeTruthy();
    expect(calls).toContainEqual({ method: 'POST', url: '/api/webhooks/1/deliveries/2/replay' });
    await waitFor(async () =>
      expect((await rowOf(dialog, 'email.bounced')).getByText('Pending')).toBeTruthy(),
    );
  });

  it('replays the failed deliveries of the last 24 hours unless told otherwise', async () => {
    const older = testDelivery({
      id: 4,
      eventType: 'email.failed',
      state: 'failed',
      occurredAt: hoursAgo(30),
    });
    const another = testDelivery({
      id: 5,
      eventType: 'email.replied',
      state: 'failed',
      occurredAt: hoursAgo(5),
    });
    const { calls, dialog } = renderLog([DELIVERED, FAILED, older, another]);
    await rowOf(dialog, 'email.bounced');
    fireEvent.click(dialog.getByRole('button', { name: 'Replay failed…' }));
    const since = isoFromLocalInput((dialog.getByLabelText(/^Since/) as HTMLInputElement).value)!;
    const until = isoFromLocalInput((dialog.getByLabelText(/^Until/) as HTMLInputElement).value)!;
    // The fields hold minutes: within a minute and a bit of a day ago and of now.
    expect(Math.abs(Date.parse(since) - (Date.now() - 24 * HOUR))).toBeLessThan(90_000);
    expect(Math.abs(Date.parse(until) - Date.now())).toBeLessThan(90_000);
    fireEvent.click(dialog.getByRole('button', { name: 'Replay failed deliveries' }));

    expect(await dialog.findByText('2 deliveries replayed')).toBeTruthy();
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/api/webhooks/1/replay-failed',
      body: { since, until },
    });
    expect(dialog.queryByLabelText(/^Since/)).toBeNull();
  });

  it('will not ask for a range that ends before it starts', async () => {
    const { calls, dialog } = renderLog([FAILED]);
    fireEvent.click(await dialog.findByRole('button', { name: 'Replay failed…' }));
    fireEvent.change(dialog.getByLabelText(/^Since/), { target: { value: '2026-03-05T10:00' } });
    fireEvent.change(dialog.getByLabelText(/^Until/), { target: { value: '2026-03-05T09:00' } });
    expect(dialog.getByText('Until must come after since')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Replay failed deliveries' })).toHaveProperty('disabled', true);
    expect(calls.some((c) => c.url.endsWith('/replay-failed'))).toBe(false);
  });

  it("says the server's refusal to replay to a turned-off endpoint", async () => {
    const { dialog } = renderLog([FAILED], testEndpoint({ enabled: false }));
    fireEvent.click((await rowOf(dialog, 'email.bounced')).getByRole('button', { name: /^Replay/ }));
    expect((await dialog.findByRole('alert')).textContent).toBe(OFF_MESSAGE);
    // Still failed: nothing was replayed.
    expect((await rowOf(dialog, 'email.bounced')).getByText('Failed')).toBeTruthy();
    expect(dialog.queryByText(/replayed/)).toBeNull();
  });
});

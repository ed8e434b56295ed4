import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, cleanUp, detailOf, puts, renderInbox, rows, stubInbox } from './inbox-fixtures';

afterEach(cleanUp);

const press = (key: string, target: Element = document.body) => fireEvent.keyDown(target, { key });
const list = () => screen.findByRole('list', { name: 'Answers' });
/** The sender of the answer the detail pane shows, from its name. */
const shown = () =>
  screen
    .queryByRole('region', { name: /^Answer from / })
    ?.getAttribute('aria-label')
    ?.replace('Answer from ', '') ?? null;

describe('the inbox keyboard', () => {
  it('opens the next and the previous answer with J and K, marking each read, and focuses it', async () => {
    const calls = stubInbox([answer(3), answer(2), answer(1)]);
    renderInbox();
    await list();
    expect(shown()).toBeNull();

    press('j');
    await detailOf('Person 3');
    press('J');
    await detailOf('Person 2');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Answer from Person 2' })),
    );
    press('j');
    await detailOf('Person 1');
    // The last answer: nothing after it.
    press('j');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shown()).toBe('Person 1');
    press('k');
    await detailOf('Person 2');
    await waitFor(() => expect(puts(calls)).toHaveLength(3));
    expect(puts(calls).map((c) => [c.url, c.body])).toEqual([
      ['/api/inbox/3/read', { read: true }],
      ['/api/inbox/2/read', { read: true }],
      ['/api/inbox/1/read', { read: true }],
    ]);
  });

  it('sets the category of the answer shown with a number key, and keeps it shown after it leaves the filter', async () => {
    const calls = stubInbox([answer(3), answer(2), answer(1)]);
    renderInbox('/inbox?category=none');
    await list();
    press('j');
    const detail = await detailOf('Person 3');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    // The number keys work once the role is known, as the control does.
    await within(detail).findByRole('combobox', { name: 'Category' });

    press('2');
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toEqual({
      method: 'PUT',
      url: '/api/inbox/3/category',
      body: { category: 'meeting-request' },
    });
    // The list no longer holds it; the detail does, as it now is.
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(shown()).toBe('Person 3');
    expect(await within(detail).findByTitle('Meeting request, set by a person')).toBeTruthy();
    expect(within(detail).getByText('No longer in this list: it stays here until you move on.')).toBeTruthy();

    // Another number acts on the same answer, held or not.
    press('9');
    await waitFor(() => expect(puts(calls)).toHaveLength(3));
    expect(puts(calls)[2]?.url).toBe('/api/inbox/3/category');
    expect(puts(calls)[2]?.body).toEqual({ category: 'bounce' });

    // J goes on to the answer that slid into its place.
    press('j');
    await detailOf('Person 2');
  });

  it('marks the answer shown unread with U, and it stays shown', async () => {
    const calls = stubInbox([answer(1, { readAt: '2025-08-01T10:00:00Z' })]);
    renderInbox('/inbox?status=read');
    await list();
    press('j');
    await detailOf('Person 1');
    press('u');
    await waitFor(() =>
      expect(puts(calls)).toEqual([{ method: 'PUT', url: '/api/inbox/1/read', body: { read: false } }]),
    );
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Answers' })).toBeNull());
    expect(await screen.findByText('No answers match these filters')).toBeTruthy();
    expect(shown()).toBe('Person 1');
  });

  it('shows the keys with ?, the number keys only to those who may set categories', async () => {
    stubInbox([answer(1)]);
    renderInbox();
    await list();
    press('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Next answer')).toBeTruthy();
    expect(within(help).getByText('Mark the answer unread')).toBeTruthy();
    await waitFor(() => expect(within(help).getByText('Category: Interested')).toBeTruthy());
    expect(within(help).getByText('Category: Bounce')).toBeTruthy();
    // The inbox's keys rest while the help is open.
    press('j', help);
    press('j');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shown()).toBeNull();
  });

  it('leaves the keys alone while the person types in a field', async () => {
    const calls = stubInbox([answer(2), answer(1)]);
    renderInbox();
    await list();
    const campaign = screen.getByRole('combobox', { name: 'Campaign' });
    press('j', campaign);
    press('1', campaign);
    fireEvent.keyDown(document.body, { key: 'j', ctrlKey: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shown()).toBeNull();
    expect(puts(calls)).toEqual([]);
  });
});

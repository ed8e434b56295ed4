import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, cleanUp, detailOf, lastList, puts, renderInbox, rows, stubInbox } from './inbox-fixtures';

afterEach(cleanUp);

const list = () => screen.findByRole('list', { name: 'Answers' });
const rowOf = (sender: string) => {
  const row = within(screen.getByRole('list', { name: 'Answers' }))
    .getAllByRole('button')
    .find((button) => button.textContent?.includes(sender));
  if (!row) throw new Error(`No row from ${sender}`);
  return row;
};

describe('the inbox', () => {
  it('lists the answers newest first with their category, unread mark, sender, campaign and mailbox', async () => {
    stubInbox([
      answer(3, {
        category: 'interested',
        categorySource: 'person',
        assignee: { id: 2, name: 'Grace Hopper' },
      }),
      answer(2, {
        category: 'not-now',
        categorySource: 'rules',
        notNowUntil: '2027-03-15',
        readAt: '2025-08-01T10:00:00Z',
        answer: { status: 'scheduled', at: '2027-03-15T08:00:00.000Z' },
      }),
      answer(1, { snippet: 'Sure <script>alert(1)</script> call me', fromName: null, campaign: null }),
    ]);
    renderInbox();
    await list();
    expect(rows()).toHaveLength(3);
    const [newest, notNow, oldest] = [rowOf('Person 3'), rowOf('Person 2'), rowOf('p1@example.com')];

    expect(within(newest).getByText('Interested')).toBeTruthy();
    expect(within(newest).getByText(', set by a person')).toBeTruthy();
    expect(within(newest).getByText('Unread:')).toBeTruthy();
    expect(within(newest).getByText('Expo follow-up · sales@example.com · → Grace Hopper')).toBeTruthy();
    // The name alone; the address is in its title (and the detail).
    expect(within(newest).getByTitle('p3@example.com').textContent).toBe('Unread: Person 3');

    expect(within(notNow).getByText('Not now · until Mar 2027')).toBeTruthy();
    expect(within(notNow).queryByText('Unread:')).toBeNull();
    expect(within(notNow).queryByText(', set by a person')).toBeNull();
    // Answered from here: the follow-up for March waits.
    expect(within(notNow).getByText('Answer scheduled')).toBeTruthy();
    expect(within(newest).queryByText(/^Answer(ed| scheduled| on its way)$/)).toBeNull();

    expect(within(oldest).getByText('Uncategorised')).toBeTruthy();
    // A stranger's words are text, never markup.
    expect(within(oldest).getByText('Sure <script>alert(1)</script> call me')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('1–3 of 3 answers')).toBeTruthy();
    // The whole inbox's unread count names the Unread filter.
    expect(screen.getByRole('radio', { name: 'Unread (2)' })).toBeTruthy();
  });

  it('keeps the filters in the address bar and asks the server for them, back on page 1', async () => {
    const calls = stubInbox([answer(2, { category: 'question' }), answer(1)]);
    renderInbox('/inbox?page=2&assignee=nobody');
    await screen.findByText('No answers on this page.');
    expect(lastList(calls)).toBe('/api/inbox?limit=50&offset=50&assignee=nobody');

    fireEvent.click(screen.getByRole('radio', { name: 'Unread (2)' }));
    await waitFor(() => expect(window.location.search).toBe('?status=unread&assignee=nobody'));
    await waitFor(() =>
      expect(lastList(calls)).toBe('/api/inbox?limit=50&offset=0&status=unread&assignee=nobody'),
    );

    fireEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Question' }));
    await waitFor(() =>
      expect(window.location.search).toBe('?status=unread&category=question&assignee=nobody'),
    );
    await waitFor(() =>
      expect(lastList(calls)).toBe(
        '/api/inbox?limit=50&offset=0&status=unread&category=question&assignee=nobody',
      ),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toContain('Person 2');
  });

  it('says when no answer matches the filters, and clears them', async () => {
    const calls = stubInbox([answer(1)]);
    renderInbox('/inbox?category=bounce');
    expect(await screen.findByText('No answers match these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    await list();
    expect(lastList(calls)).toBe('/api/inbox?limit=50&offset=0');
    expect(rows()).toHaveLength(1);
  });

  it('says when nothing has come back yet', async () => {
    stubInbox([]);
    renderInbox();
    expect(await screen.findByText('No answers yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('shows why the inbox could not be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('boom', { status: 500, statusText: 'Internal Server Error' })),
    );
    renderInbox();
    expect(await screen.findByText('Could not load the inbox')).toBeTruthy();
    expect(screen.getByText('500: boom')).toBeTruthy();
  });

  it('opens an answer in the detail pane and marks it read; Mark unread marks it unread again', async () => {
    const calls = stubInbox([
      answer(2, {
        link: 'https://mail.google.com/mail/u/0/#inbox/abc',
        category: 'wrong-person',
        colleague: { name: 'Sam Roe', address: 'sam@example.com' },
      }),
      answer(1),
    ]);
    renderInbox();
    await list();
    fireEvent.click(rowOf('Person 2'));
    const detail = await detailOf('Person 2');
    await waitFor(() =>
      expect(puts(calls)).toEqual([{ method: 'PUT', url: '/api/inbox/2/read', body: { read: true } }]),
    );
    expect(within(detail).getByText('Answer number 2')).toBeTruthy();
    expect(within(detail).getByRole('link', { name: 'Open in Gmail' }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    expect(within(detail).getByText('Sam Roe')).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Person 2')).queryByText('Unread:')).toBeNull());

    fireEvent.click(await within(detail).findByRole('button', { name: 'Mark unread' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toEqual({ method: 'PUT', url: '/api/inbox/2/read', body: { read: false } });
    await waitFor(() => expect(within(rowOf('Person 2')).getByText('Unread:')).toBeTruthy());
    // Still open, and not marked read again behind the person's back.
    expect(screen.getByRole('region', { name: 'Answer from Person 2' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts(calls)).toHaveLength(2);
  });

  it("updates the sidebar's unread count as answers are read and marked unread", async () => {
    stubInbox([answer(2), answer(1)]);
    renderInbox('/inbox', { withNavbar: true });
    expect(await screen.findByRole('link', { name: 'Inbox 2 unread' })).toBeTruthy();
    fireEvent.click(rowOf('Person 2'));
    expect(await screen.findByRole('link', { name: 'Inbox 1 unread' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark unread' }));
    expect(await screen.findByRole('link', { name: 'Inbox 2 unread' })).toBeTruthy();
  });

  it('sets a category (with the day for not now) and an assignee from the detail pane', async () => {
    const calls = stubInbox([answer(1, { readAt: '2025-08-01T10:00:00Z' })]);
    renderInbox();
    await list();
    fireEvent.click(rowOf('Person 1'));
    const detail = await detailOf('Person 1');

    // Once the role is known.
    fireEvent.click(await within(detail).findByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Not now' }));
    await waitFor(() =>
      expect(puts(calls)).toEqual([
        { method: 'PUT', url: '/api/inbox/1/category', body: { category: 'not-now', notNowUntil: null } },
      ]),
    );
    expect(await within(detail).findByLabelText('Write again on')).toBeTruthy();

    fireEvent.click(within(detail).getByRole('combobox', { name: 'Assigned to' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toEqual({ method: 'PUT', url: '/api/inbox/1/assignee', body: { userId: 2 } });
    await waitFor(() => expect(rowOf('Person 1').textContent).toContain('→ Grace Hopper'));
  });

  it('shows a viewer the category and assignee without controls to change them', async () => {
    const calls = stubInbox([answer(1, { category: 'question', readAt: '2025-08-01T10:00:00Z' })], {
      role: 'viewer',
    });
    renderInbox();
    await list();
    fireEvent.click(rowOf('Person 1'));
    const detail = await detailOf('Person 1');
    // Once the role is known.
    expect(await within(detail).findByText(/As a viewer you read answers/)).toBeTruthy();
    expect(within(detail).getByText('Assigned to')).toBeTruthy();
    expect(within(detail).getByText('Nobody')).toBeTruthy();
    expect(within(detail).queryByRole('combobox', { name: 'Category' })).toBeNull();
    expect(within(detail).queryByRole('combobox', { name: 'Assigned to' })).toBeNull();
    expect(within(detail).getByText('Question')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: '1' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts(calls)).toEqual([]);
  });
});

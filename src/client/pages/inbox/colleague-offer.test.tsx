import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/idempotency';
import type { InboxItem } from '../../../contract/inbox';
import { answer, type Call, cleanUp, detailOf, headersOf, renderInbox, stubInbox } from './inbox-fixtures';

afterEach(cleanUp);

const openFirst = async (sender: string) => {
  await screen.findByRole('list', { name: 'Answers' });
  fireEvent.keyDown(document.body, { key: 'j' });
  return detailOf(sender);
};
const adds = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/colleague'));
const wrongPerson = (id: number, changes: Partial<InboxItem> = {}) =>
  answer(id, {
    category: 'wrong-person',
    categorySource: 'rules',
    colleague: { name: 'Sam Roe', address: 'sam@example.com' },
    ...changes,
  });
const ADD = 'Add sam@example.com to the campaign';

describe('the "wrong person" offer', () => {
  it('names the colleague of a wrong-person answer and offers to add them to the campaign', async () => {
    stubInbox([wrongPerson(1)]);
    renderInbox();
    const detail = await openFirst('Person 1');
    const line = within(detail).getByText(/^They named/);
    expect(line.textContent).toBe('They named sam@example.com (Sam Roe)');
    expect(await within(detail).findByRole('button', { name: ADD })).toBeTruthy();
  });

  it('offers the colleague a "no longer with the company" notice names, and names them without their name', async () => {
    stubInbox([answer(1, { kind: 'left-company', colleague: { name: null, address: 'sam@example.com' } })]);
    renderInbox();
    const detail = await openFirst('Person 1');
    expect(within(detail).getByText(/^They named/).textContent).toBe('They named sam@example.com');
    expect(await within(detail).findByRole('button', { name: ADD })).toBeTruthy();
  });

  it('offers nothing without an address, or for another category', async () => {
    stubInbox([
      wrongPerson(2, { colleague: { name: 'Sam Roe', address: null } }),
      answer(1, { category: 'interested', colleague: { name: 'Sam Roe', address: 'sam@example.com' } }),
    ]);
    renderInbox();
    let detail = await openFirst('Person 2');
    // The conversation has come: the page has settled.
    await within(detail).findByRole('button', { name: 'Answer' });
    expect(within(detail).queryByText(/^They named/)).toBeNull();
    expect(within(detail).queryByRole('button', { name: /to the campaign$/ })).toBeNull();
    expect(within(detail).getByText(/^Names someone else to write to/)).toBeTruthy();

    fireEvent.keyDown(document.body, { key: 'j' });
    detail = await detailOf('Person 1');
    await within(detail).findByRole('button', { name: 'Answer' });
    expect(within(detail).queryByText(/^They named/)).toBeNull();
    expect(within(detail).queryByRole('button', { name: ADD })).toBeNull();
  });

  it('asks first, then adds them once under an Idempotency-Key and says they were added', async () => {
    const calls = stubInbox([wrongPerson(2), answer(1)]);
    renderInbox();
    let detail = await openFirst('Person 2');
    fireEvent.click(await within(detail).findByRole('button', { name: ADD }));
    let dialog = await screen.findByRole('dialog', { name: 'Add them to the campaign?' });
    expect(
      within(dialog).getByText(
        "Add sam@example.com to “Expo follow-up”? Their emails are written like every recipient's and wait in the campaign's review.",
      ),
    ).toBeTruthy();
    // Cancelled: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(adds(calls)).toEqual([]);

    fireEvent.click(within(detail).getByRole('button', { name: ADD }));
    dialog = await screen.findByRole('dialog', { name: 'Add them to the campaign?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to the campaign' }));
    expect(await within(detail).findByText('Added to the campaign')).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: ADD })).toBeNull();
    expect(
      await screen.findByText(
        'sam@example.com added to Expo follow-up: their drafts will be in the review once written',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(adds(calls).map((c) => [c.url, c.body])).toEqual([['/api/inbox/2/colleague', {}]]);
    const [post] = adds(calls) as [Call];
    expect(headersOf.get(post)?.[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f]{32}$/);

    // Another answer and back: still added, as far as this page knows.
    fireEvent.keyDown(document.body, { key: 'j' });
    await detailOf('Person 1');
    fireEvent.keyDown(document.body, { key: 'k' });
    detail = await detailOf('Person 2');
    expect(within(detail).getByText('Added to the campaign')).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: ADD })).toBeNull();
  });

  it("shows the server's words when it refuses, and keeps the offer", async () => {
    const refusal = 'sam@example.com is already a recipient of this campaign.';
    const calls = stubInbox([wrongPerson(1)], {
      colleagues: () => ({ status: 409, error: 'conflict', message: refusal }),
    });
    renderInbox();
    const detail = await openFirst('Person 1');
    fireEvent.click(await within(detail).findByRole('button', { name: ADD }));
    const dialog = await screen.findByRole('dialog', { name: 'Add them to the campaign?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to the campaign' }));
    expect(await within(detail).findByText(refusal)).toBeTruthy();
    expect(within(detail).getByText('Could not add sam@example.com')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(detail).getByRole('button', { name: ADD })).toBeTruthy();
    expect(within(detail).queryByText('Added to the campaign')).toBeNull();
    expect(adds(calls)).toHaveLength(1);
  });

  it.each(['viewer', 'reviewer'] as const)(
    'names the colleague to a %s, without the button',
    async (role) => {
      stubInbox([wrongPerson(1)], { role });
      renderInbox();
      const detail = await openFirst('Person 1');
      // The role has come once the page says what this member may not do.
      await within(detail).findByText(
        role === 'viewer'
          ? 'As a viewer you read answers; reviewers and above set their category and who answers them.'
          : 'Senders and owners answer replies here; you read the conversation.',
      );
      expect(within(detail).getByText(/^They named/).textContent).toBe(
        'They named sam@example.com (Sam Roe)',
      );
      expect(within(detail).queryByRole('button', { name: ADD })).toBeNull();
    },
  );
});

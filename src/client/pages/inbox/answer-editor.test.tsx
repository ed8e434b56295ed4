import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/idempotency';
import { threadAnswer, threadOf } from './answer-fixtures';
import { answer, type Call, cleanUp, detailOf, headersOf, renderInbox, stubInbox } from './inbox-fixtures';
import { ANSWER_POLL_MS } from './inbox-queries';

afterEach(cleanUp);

// jsdom measures no text, and has no Range.getClientRects: ProseMirror asks where the caret is when
// it scrolls to it, as it does once the editor takes the focus back after a suggestion.
const measured = Range.prototype as Partial<Pick<Range, 'getClientRects' | 'getBoundingClientRect'>>;
const unmeasured = { rects: measured.getClientRects, box: measured.getBoundingClientRect };
beforeAll(() => {
  measured.getClientRects ??= () => [] as unknown as DOMRectList;
  measured.getBoundingClientRect ??= () => new DOMRect();
});
afterAll(() => {
  measured.getClientRects = unmeasured.rects;
  measured.getBoundingClientRect = unmeasured.box;
});

const press = (key: string, target: Element = document.body) => fireEvent.keyDown(target, { key });
const openFirst = async (sender: string) => {
  await screen.findByRole('list', { name: 'Answers' });
  press('j');
  return detailOf(sender);
};

/** Opens the editor with Answer, and gives its tiptap instance (kept on its element). */
async function openEditor(detail: HTMLElement, button = 'Answer') {
  fireEvent.click(await within(detail).findByRole('button', { name: button }));
  const element = await waitFor(() => {
    const found = detail.querySelector('.ProseMirror') as (HTMLElement & { editor?: Editor }) | null;
    if (!found?.editor) throw new Error('The editor is not there yet');
    return found as HTMLElement & { editor: Editor };
  });
  return element;
}

/** Types `text` at the end of the editor, as the review's tests do (jsdom cannot place a caret). */
const typeIn = (element: HTMLElement & { editor: Editor }, text: string) =>
  act(() => {
    element.editor.commands.insertContentAt(element.editor.state.doc.content.size - 1, text);
  });

const editorRegion = (detail: HTMLElement) => within(detail).getByRole('region', { name: 'Write an answer' });
const posts = (calls: Call[], what: 'answer' | 'suggestion' | 'cancel-answer') =>
  calls.filter((c) => c.method === 'POST' && c.url.endsWith(`/${what}`));
const threadReads = (calls: Call[]) => calls.filter((c) => c.url.endsWith('/thread'));

describe('answering in the thread', () => {
  it('sends what was written once, under an Idempotency-Key, and follows the answer until it is sent', async () => {
    const calls = stubInbox([answer(1)]);
    renderInbox();
    const detail = await openFirst('Person 1');
    const editor = await openEditor(detail);
    typeIn(editor, 'Tuesday at 10 works for us.');
    fireEvent.click(within(editorRegion(detail)).getByRole('button', { name: 'Send answer' }));

    const ours = await within(detail).findByRole('article', { name: 'Our answer by Ada Lovelace' });
    expect(within(ours).getByText('Sending', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(within(ours).getByText('On its way…')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(ours));
    expect(posts(calls, 'answer').map((c) => [c.url, c.body])).toEqual([
      ['/api/inbox/1/answer', { body: '<p>Tuesday at 10 works for us.</p>' }],
    ]);
    const [post] = posts(calls, 'answer') as [Call];
    expect(headersOf.get(post)?.[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f]{32}$/);
    expect(within(detail).queryByRole('region', { name: 'Write an answer' })).toBeNull();
    // One answer on its way at a time.
    expect(within(detail).queryByRole('button', { name: 'Answer' })).toBeNull();
    expect(await within(detail).findByText('An answer to this reply is on its way')).toBeTruthy();
    expect(await screen.findByText('Answer on its way')).toBeTruthy();

    // Read again every few seconds while it is on its way (answer-status.test: and no longer once
    // it has left), until the worker has sent it; then the reply may be answered again.
    const sent = await within(detail).findByText(
      'Sent Aug 2, 2025, 10:00 AM',
      {},
      { timeout: ANSWER_POLL_MS + 5_000 },
    );
    expect(sent).toBeTruthy();
    expect(within(ours).getByText('Sent', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(await within(detail).findByRole('button', { name: 'Answer' })).toBeTruthy();
  }, 30_000);

  it("puts the AI's suggestion in the editor for the person to edit, and sends nothing", async () => {
    const calls = stubInbox([answer(1)], { ai: true });
    renderInbox();
    const detail = await openFirst('Person 1');
    const editor = await openEditor(detail);
    const region = editorRegion(detail);
    fireEvent.click(within(region).getByRole('button', { name: 'Suggest an answer' }));
    await waitFor(() => expect(editor.innerHTML).toContain('Thank you, Person 1. Shall we talk on Tuesday?'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(calls, 'suggestion').map((c) => c.url)).toEqual(['/api/inbox/1/suggestion']);
    expect(posts(calls, 'answer')).toEqual([]);
    // Still the person's to send, after any change they make.
    expect(within(region).getByRole('button', { name: 'Send answer' })).toHaveProperty('disabled', false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts(calls, 'answer')).toEqual([]);
  });

  it('asks before a suggestion replaces what the person wrote', async () => {
    const calls = stubInbox([answer(1)], { ai: true });
    renderInbox();
    const detail = await openFirst('Person 1');
    const editor = await openEditor(detail);
    typeIn(editor, 'My own words');
    const suggest = within(editorRegion(detail)).getByRole('button', { name: 'Suggest an answer' });

    fireEvent.click(suggest);
    let dialog = await screen.findByRole('dialog', { name: 'Replace your text?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(editor.innerHTML).toContain('My own words');
    expect(editor.innerHTML).not.toContain('Shall we talk');

    fireEvent.click(suggest);
    dialog = await screen.findByRole('dialog', { name: 'Replace your text?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(editor.innerHTML).toContain('Shall we talk on Tuesday?'));
    expect(editor.innerHTML).not.toContain('My own words');
    expect(posts(calls, 'suggestion')).toHaveLength(2);
    expect(posts(calls, 'answer')).toEqual([]);
  });

  it("shows the server's words when the suggestion or the send is refused, keeping what was written", async () => {
    const calls = stubInbox([answer(1)], {
      ai: true,
      suggestions: () => ({ status: 502, error: 'upstream', message: 'The AI provider did not answer.' }),
      answers: () => ({ status: 409, error: 'conflict', message: 'A teammate answered this reply already.' }),
    });
    renderInbox();
    const detail = await openFirst('Person 1');
    const editor = await openEditor(detail);
    const region = editorRegion(detail);
    fireEvent.click(within(region).getByRole('button', { name: 'Suggest an answer' }));
    expect(await within(region).findByText('Could not suggest an answer')).toBeTruthy();
    expect(within(region).getByText('The AI provider did not answer.')).toBeTruthy();

    typeIn(editor, 'Thanks!');
    const reads = threadReads(calls).length;
    fireEvent.click(within(region).getByRole('button', { name: 'Send answer' }));
    expect(await within(region).findByText('This reply cannot be answered now')).toBeTruthy();
    expect(within(region).getByText('A teammate answered this reply already.')).toBeTruthy();
    expect(editor.innerHTML).toContain('Thanks!');
    // What is so now is read again.
    await waitFor(() => expect(threadReads(calls).length).toBeGreaterThan(reads));
  });

  it('opens a failed answer with its words, to send again', async () => {
    const failed = threadAnswer(1, {
      status: 'failed',
      errorMessage: '550 Mailbox unavailable',
      body: '<p>First try</p>',
      sentAt: null,
    });
    const calls = stubInbox([answer(1)], {
      threads: (item) => {
        const thread = threadOf(item);
        return {
          ...thread,
          answer: failed,
          items: [...thread.items, { type: 'answer', at: failed.createdAt, answer: failed }],
        };
      },
    });
    renderInbox();
    const detail = await openFirst('Person 1');
    const ours = await within(detail).findByRole('article', { name: 'Our answer by Ada Lovelace' });
    expect(within(ours).getByText('Failed', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(
      within(ours).getByText('Not sent: 550 Mailbox unavailable. Answer again to send it.'),
    ).toBeTruthy();

    const editor = await openEditor(detail, 'Answer again');
    expect(editor.innerHTML).toContain('First try');
    // Its words are kept by the server: Escape loses nothing, so it asks nothing.
    press('Escape', editor);
    await waitFor(() => expect(within(detail).queryByRole('region', { name: 'Write an answer' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();

    const again = await openEditor(detail, 'Answer again');
    typeIn(again, ' Second try.');
    fireEvent.click(within(editorRegion(detail)).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(posts(calls, 'answer')).toHaveLength(1));
    expect(posts(calls, 'answer')[0]?.body).toEqual({ body: '<p>First try Second try.</p>' });
    // A new answer, after the failed one.
    await waitFor(() =>
      expect(within(detail).getAllByRole('article', { name: 'Our answer by Ada Lovelace' })).toHaveLength(2),
    );
  });

  it('offers to send the answer on the day a "not now" named, at a time of day', async () => {
    const calls = stubInbox([answer(1, { category: 'not-now', notNowUntil: '2027-03-15' })], {
      threads: (item) => threadOf(item, { heldUntil: '2027-03-15' }),
    });
    renderInbox();
    const detail = await openFirst('Person 1');
    typeIn(await openEditor(detail), 'Writing again as promised.');
    const region = editorRegion(detail);
    expect(within(region).getByRole('radio', { name: 'Now' })).toHaveProperty('checked', true);
    fireEvent.click(within(region).getByRole('radio', { name: 'On Mar 15, 2027, the day they named' }));
    const time = within(region).getByLabelText(/^Time on Mar 15, 2027/) as HTMLInputElement;
    expect(time.value).toBe('09:00');
    fireEvent.change(time, { target: { value: '10:30' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Schedule answer' }));

    await waitFor(() => expect(posts(calls, 'answer')).toHaveLength(1));
    expect(posts(calls, 'answer')[0]?.body).toEqual({
      body: '<p>Writing again as promised.</p>',
      // In the browser's time zone, as the schedule dialog reads its fields.
      sendAt: new Date(2027, 2, 15, 10, 30).toISOString(),
    });
    const ours = await within(detail).findByRole('article', { name: 'Our answer by Ada Lovelace' });
    expect(within(ours).getByText('Scheduled', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(within(ours).getByText('Goes out Mar 15, 2027, 10:30 AM')).toBeTruthy();
    expect(await screen.findByText('Answer scheduled')).toBeTruthy();

    // Cancelled before its day, after a question: it stays in the conversation, stopped.
    fireEvent.click(within(ours).getByRole('button', { name: 'Cancel this answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this answer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the answer' }));
    await waitFor(() => expect(posts(calls, 'cancel-answer')).toHaveLength(1));
    expect(await within(detail).findByText('Not sent: Cancelled before it was sent')).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Cancel this answer' })).toBeNull();
  });

  it('keeps what was written while the person moves through the list, and asks before Escape loses it', async () => {
    stubInbox([answer(2), answer(1)]);
    renderInbox();
    let detail = await openFirst('Person 2');
    typeIn(await openEditor(detail), 'Half an answer');
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    press('j');
    detail = await detailOf('Person 1');
    expect(await within(detail).findByRole('button', { name: 'Answer' })).toBeTruthy();
    press('k');
    detail = await detailOf('Person 2');
    const editor = await waitFor(() => {
      const found = detail.querySelector('.ProseMirror');
      if (!found) throw new Error('The editor is not open again');
      return found as HTMLElement;
    });
    expect(editor.innerHTML).toContain('Half an answer');

    press('Escape', editor);
    let dialog = await screen.findByRole('dialog', { name: 'Discard the answer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(editor.isConnected).toBe(true);

    press('Escape', editor);
    dialog = await screen.findByRole('dialog', { name: 'Discard the answer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await within(detail).findByRole('button', { name: 'Answer' })).toBeTruthy();
    expect(within(detail).queryByRole('region', { name: 'Write an answer' })).toBeNull();
    const left = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(left);
    expect(left.defaultPrevented).toBe(false);
  });
});

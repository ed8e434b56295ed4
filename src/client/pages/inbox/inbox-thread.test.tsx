import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { inboundItem, sentItem, threadAnswer, threadOf } from './answer-fixtures';
import { answer, cleanUp, detailOf, renderInbox, stubInbox } from './inbox-fixtures';

afterEach(cleanUp);

const press = (key: string, target: Element = document.body) => fireEvent.keyDown(target, { key });
/** The inbox with its answers listed, and the first one opened with J. */
const openFirst = async (sender: string) => {
  await screen.findByRole('list', { name: 'Answers' });
  press('j');
  return detailOf(sender);
};
const conversationOf = (detail: HTMLElement) =>
  within(detail).findByRole('list', { name: 'Conversation, oldest first' });

describe("the inbox's conversation", () => {
  it('lists our emails, their answers and ours, oldest first, with what each one is', async () => {
    const earlier = answer(9, {
      snippet: 'What do you charge? <b>roughly</b>',
      category: 'question',
      categorySource: 'rules',
      receivedAt: '2025-07-01T12:00:00.000Z',
    });
    stubInbox([answer(1)], {
      threads: (item) =>
        threadOf(item, {
          items: [
            sentItem(1),
            inboundItem(earlier),
            { type: 'answer', at: '2025-07-01T13:00:00.000Z', answer: threadAnswer(9) },
            sentItem(2),
            inboundItem(item),
          ],
        }),
    });
    renderInbox();
    const detail = await openFirst('Person 1');
    const conversation = await conversationOf(detail);
    const entries = within(conversation).getAllByRole('article');
    expect(entries.map((e) => e.getAttribute('aria-label'))).toEqual([
      'Our email, Step 1',
      'Reply from Person 9',
      'Our answer by Ada Lovelace',
      'Our email, Step 2 · follow-up',
      'Reply from Person 1, this answer',
    ]);
    const [step1, reply, ours, , current] = entries as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    // Their answer: what it means, and its snippet as text, never markup.
    expect(within(reply).getByText('Question')).toBeTruthy();
    expect(within(reply).getByText('What do you charge? <b>roughly</b>')).toBeTruthy();
    expect(reply.querySelector('b')).toBeNull();
    // Ours: where its send stands.
    expect(within(ours).getByText('Sent', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(within(ours).getByText('Sent Aug 2, 2025, 8:00 AM')).toBeTruthy();
    // The answer open is shown in full above: here only its place.
    expect(within(current).getByText('This answer, shown in full above.')).toBeTruthy();
    expect(within(current).queryByText('Answer number 1')).toBeNull();

    // Our email's body stays folded until asked for, then shows in a sandboxed frame.
    expect(within(step1).getByText('Hello from Acme')).toBeTruthy();
    expect(within(step1).queryByTitle('Body of Step 1')).toBeNull();
    const show = within(step1).getByRole('button', { name: 'Show the email' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    const frame = within(step1).getByTitle('Body of Step 1');
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Our email of step 1</p>');
    expect(within(step1).getByRole('button', { name: 'Hide the email' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('opens the editor with E, focused, with where the answer goes; Escape closes it when nothing is written', async () => {
    stubInbox([answer(2), answer(1)]);
    renderInbox();
    const detail = await openFirst('Person 2');
    await within(detail).findByRole('button', { name: 'Answer' });

    press('e');
    const box = await within(detail).findByRole('textbox', { name: 'Your answer' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    const editor = within(detail).getByRole('region', { name: 'Write an answer' });
    expect(within(editor).getByText('Ada Lovelace <sales@example.com>')).toBeTruthy();
    expect(within(editor).getByText('p2@example.com')).toBeTruthy();
    expect(within(editor).getByText('Re: Hello 2')).toBeTruthy();
    // No AI provider here: no suggestion offered.
    expect(within(editor).queryByRole('button', { name: 'Suggest an answer' })).toBeNull();
    expect(within(editor).getByRole('button', { name: 'Send answer' })).toHaveProperty('disabled', true);
    expect(within(detail).queryByRole('button', { name: 'Answer' })).toBeNull();

    press('Escape', box);
    await waitFor(() => expect(within(detail).queryByRole('region', { name: 'Write an answer' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    const button = within(detail).getByRole('button', { name: 'Answer' });
    await waitFor(() => expect(document.activeElement).toBe(button));

    press('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Answer it: write in its thread')).toBeTruthy();
  });

  it('says why a reply cannot be answered, with no button and nothing for E to open', async () => {
    stubInbox([answer(1)], {
      threads: (item) =>
        threadOf(item, {
          canAnswer: false,
          cannotAnswerReason: 'It goes from a teammate’s mailbox (Grace Hopper).',
        }),
    });
    renderInbox();
    const detail = await openFirst('Person 1');
    expect(await within(detail).findByText('It goes from a teammate’s mailbox (Grace Hopper).')).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Answer' })).toBeNull();
    press('e');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(detail).queryByRole('textbox', { name: 'Your answer' })).toBeNull();
  });

  it('offers a viewer the conversation, not the answer, and no E in the help', async () => {
    stubInbox([answer(1)], { role: 'viewer' });
    renderInbox();
    const detail = await openFirst('Person 1');
    expect(
      await within(detail).findByText('Senders and owners answer replies here; you read the conversation.'),
    ).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Answer' })).toBeNull();
    press('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).queryByText('Answer it: write in its thread')).toBeNull();
  });

  it('says when the conversation could not be read, and reads it again when asked', async () => {
    let down = true;
    stubInbox([answer(1)], {
      threads: (item) =>
        down ? { status: 502, error: 'upstream', message: 'The database is busy' } : threadOf(item),
    });
    renderInbox();
    const detail = await openFirst('Person 1');
    expect(await within(detail).findByText('Could not load the conversation')).toBeTruthy();
    expect(within(detail).getByText('The database is busy')).toBeTruthy();
    down = false;
    const conversation = within(detail)
      .getByText('Could not load the conversation')
      .closest('section') as HTMLElement;
    fireEvent.click(within(conversation).getByRole('button', { name: 'Try again' }));
    expect(await conversationOf(detail)).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  answer,
  cleanUp,
  detailOf,
  type MessageReply,
  messageReads,
  puts,
  renderInbox,
  stubInbox,
  wholeMessage,
} from './inbox-fixtures';

afterEach(cleanUp);

const openRow = async (sender: string) => {
  const list = await screen.findByRole('list', { name: 'Answers' });
  const row = within(list)
    .getAllByRole('button')
    .find((button) => button.textContent?.includes(sender));
  if (!row) throw new Error(`No row from ${sender}`);
  fireEvent.click(row);
  return detailOf(sender);
};
const wholeOf = (detail: HTMLElement) => within(detail).getByRole('region', { name: 'The whole message' });
const frameOf = async (detail: HTMLElement) =>
  (await within(detail).findByTitle('Message body')) as HTMLIFrameElement;

describe("the inbox's reading pane", () => {
  it('reads the whole message once as the answer opens: its headers and its sanitised HTML in a sandboxed frame', async () => {
    const calls = stubInbox([answer(2), answer(1)], {
      messages: (id) =>
        wholeMessage(id, {
          cc: ['Sam Roe <sam@example.com>'],
          html: '<p>Sure, <b>Tuesday</b> works.</p><span class="blocked-image" title="">[image]</span>',
        }),
    });
    renderInbox();
    const detail = await openRow('Person 2');
    const frame = await frameOf(detail);
    expect(messageReads(calls)).toEqual(['/api/inbox/2/message?images=false']);
    // No scripts, no same origin: the message cannot reach the app.
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    const doc = frame.getAttribute('srcdoc') ?? '';
    expect(doc).toContain('<p>Sure, <b>Tuesday</b> works.</p>');
    // Nothing remote loads while the images are blocked, whatever the sanitiser let through.
    expect(doc).toContain(`img-src data:"`);
    const whole = wholeOf(detail);
    expect(within(whole).getByText('Person 2 <p2@example.com>')).toBeTruthy();
    expect(within(whole).getByText('Ada Lovelace <sales@example.com>')).toBeTruthy();
    expect(within(whole).getByText('Sam Roe <sam@example.com>')).toBeTruthy();
    expect(within(whole).queryByText('Kept copy')).toBeNull();

    // Marking it read (and unread) reads the list again, not the message.
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    fireEvent.click(await within(detail).findByRole('button', { name: 'Mark unread' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    // Another answer, then back: the first one's message comes from the cache.
    fireEvent.keyDown(document.body, { key: 'j' });
    await frameOf(await detailOf('Person 1'));
    fireEvent.keyDown(document.body, { key: 'k' });
    await frameOf(await detailOf('Person 2'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(messageReads(calls)).toEqual([
      '/api/inbox/2/message?images=false',
      '/api/inbox/1/message?images=false',
    ]);
  });

  it('shows the remote images only when asked, reading the message again with them', async () => {
    const calls = stubInbox([answer(1)], {
      messages: (id, images) =>
        wholeMessage(id, {
          html: images
            ? '<p>Hello</p><img src="https://tracker.example/open.gif" alt="logo">'
            : '<p>Hello</p><span class="blocked-image" title="logo">[image]</span>',
          blockedImages: images ? 0 : 2,
        }),
    });
    renderInbox();
    const detail = await openRow('Person 1');
    const notice = await within(detail).findByText(
      '2 remote images blocked to protect your privacy — loading them tells the sender you opened the message.',
    );
    expect((await frameOf(detail)).getAttribute('srcdoc')).not.toContain('tracker.example');

    fireEvent.click(within(detail).getByRole('button', { name: 'Show images' }));
    await waitFor(() =>
      expect((screen.getByTitle('Message body') as HTMLIFrameElement).getAttribute('srcdoc')).toContain(
        '<img src="https://tracker.example/open.gif" alt="logo">',
      ),
    );
    expect(screen.getByTitle('Message body').getAttribute('srcdoc')).toContain('img-src data: https: http:');
    expect(messageReads(calls)).toEqual([
      '/api/inbox/1/message?images=false',
      '/api/inbox/1/message?images=true',
    ]);
    expect(notice.isConnected).toBe(false);
    expect(within(detail).queryByRole('button', { name: 'Show images' })).toBeNull();
  });

  it('lists the attachments by name, type and size, says when the copy was kept, and shows a text body as text', async () => {
    stubInbox([answer(1)], {
      messages: (id) =>
        wholeMessage(id, {
          html: null,
          text: 'Plain words <b>not bold</b>\nSecond line',
          source: 'kept',
          attachments: [
            { filename: 'price-list.pdf', contentType: 'application/pdf', size: 1_258_291 },
            { filename: 'note.txt', contentType: 'text/plain', size: 512 },
          ],
        }),
    });
    renderInbox();
    const detail = await openRow('Person 1');
    const attachments = await within(detail).findByRole('list', { name: 'Attachments' });
    expect(
      within(attachments)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['price-list.pdf application/pdf · 1.2 MB', 'note.txt text/plain · 512 bytes']);
    // Listed, not served: nothing to download.
    expect(within(attachments).queryByRole('link')).toBeNull();
    expect(within(wholeOf(detail)).getByText('Kept copy')).toBeTruthy();
    expect(within(detail).queryByTitle('Message body')).toBeNull();
    const body = within(detail).getByText(/^Plain words <b>not bold<\/b>/);
    expect(body.textContent).toBe('Plain words <b>not bold</b>\nSecond line');
    expect(detail.querySelector('b')).toBeNull();
  });

  it('says in words when the message is no longer in the mailbox, with the way to open it there', async () => {
    const gone: MessageReply = {
      status: 404,
      error: 'not_found',
      message:
        'The message is no longer in the mailbox it arrived in (deleted or moved); only its snippet is left here.',
    };
    stubInbox([answer(1, { link: 'https://mail.google.com/mail/u/0/#inbox/abc' })], { messages: () => gone });
    renderInbox();
    const detail = await openRow('Person 1');
    const whole = wholeOf(detail);
    expect(await within(whole).findByText('The message is not in the mailbox')).toBeTruthy();
    expect(within(whole).getByText(gone.message)).toBeTruthy();
    const link = within(whole).getByRole('link', { name: 'Open in Gmail' });
    expect(link.getAttribute('href')).toBe('https://mail.google.com/mail/u/0/#inbox/abc');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // Asking again would not bring it back.
    expect(within(whole).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers to try again when the mailbox could not be read, and shows the message once it can', async () => {
    let down = true;
    const calls = stubInbox([answer(1)], {
      messages: (id) =>
        down
          ? { status: 502, error: 'upstream_failed', message: 'The mailbox could not be read: timeout' }
          : wholeMessage(id),
    });
    renderInbox();
    const detail = await openRow('Person 1');
    expect(await within(detail).findByText('The mailbox could not be read: timeout')).toBeTruthy();
    // No mailbox link on this answer: the alert names no way out but trying again.
    expect(within(wholeOf(detail)).queryByRole('link')).toBeNull();
    down = false;
    fireEvent.click(within(detail).getByRole('button', { name: 'Try again' }));
    expect((await frameOf(detail)).getAttribute('srcdoc')).toContain('The whole of answer number 1');
    expect(messageReads(calls)).toHaveLength(2);
  });
});

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api';
import { EmailEditForm } from './email-edit-form';
import { email } from './review-dialog-fixtures';

const PREVIEW = {
  from: 'Sam Sender <sam@example.com>',
  to: 'r5@example.com',
  subject: 'A better subject',
  html: '<p>Body 5, now longer</p><div class="signature"><p>Sam</p></div><p>Unsubscribe</p>',
  text: 'Body 5, now longer\n\nSam',
};

type Call = { method: string; url: string; body: unknown };

/** Answers the edit's preview only, as POST: a GET of the saved email's preview would show an error. */
function renderForm() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return method === 'POST' && url === '/api/emails/5/preview'
        ? Response.json(PREVIEW)
        : new Response('Not here', { status: 404 });
    }),
  );
  const onSave = vi.fn();
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <EmailEditForm email={email(5)} saving={false} onSave={onSave} onCancel={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { calls, onSave };
}

/** The body's editor (tiptap keeps its instance on its element), with `text` typed at its end. */
async function typeInBody(text: string) {
  const element = await waitFor(() => {
    const found = document.querySelector('.ProseMirror') as (HTMLElement & { editor?: Editor }) | null;
    if (!found?.editor) throw new Error('The body editor is not there yet');
    return found as HTMLElement & { editor: Editor };
  });
  const editor = element.editor;
  // At the end of the last paragraph, without focusing: jsdom cannot scroll the caret into view.
  act(() => {
    editor.commands.insertContentAt(editor.state.doc.content.size - 1, text);
  });
  return element;
}

/** Hidden by the form: the element or one around it is not displayed. */
function isHidden(element: Element) {
  for (let at: Element | null = element; at; at = at.parentElement)
    if ((at as HTMLElement).style?.display === 'none') return true;
  return false;
}

afterEach(() => vi.unstubAllGlobals());

describe('EmailEditForm', () => {
  it('shows the unsaved edit as sent, and keeps the edit on the way back', async () => {
    const { calls, onSave } = renderForm();
    const subject = screen.getByLabelText('Subject') as HTMLInputElement;
    fireEvent.change(subject, { target: { value: '  A better subject ' } });
    const body = await typeInBody(', now longer');
    expect(screen.queryByRole('region', { name: 'Email as sent' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'As sent' }));
    const preview = await screen.findByRole('region', { name: 'Email as sent' });
    // The edit as Save would send it, to the preview of an edit: nothing read of the saved email.
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/emails/5/preview',
        body: { subject: 'A better subject', body: '<p>Body 5, now longer</p>' },
      },
    ]);
    expect(preview.textContent).toContain('Sam Sender <sam@example.com>');
    expect(preview.textContent).toContain('r5@example.com');
    expect(preview.textContent).toContain('A better subject');
    expect(screen.getByTitle('HTML part').getAttribute('srcdoc')).toContain(PREVIEW.html);
    expect(isHidden(subject)).toBe(true);
    expect(isHidden(body)).toBe(true);
    // Save and Cancel stay, and Ctrl+Enter saves the edit from this view too.
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('radio', { name: 'As sent' }), { key: 'Enter', ctrlKey: true });
    expect(onSave).toHaveBeenCalledWith('A better subject', '<p>Body 5, now longer</p>');

    fireEvent.click(screen.getByRole('radio', { name: 'Edit' }));
    expect(screen.queryByRole('region', { name: 'Email as sent' })).toBeNull();
    const again = screen.getByLabelText('Subject') as HTMLInputElement;
    expect(isHidden(again)).toBe(false);
    expect(again.value).toBe('  A better subject ');
    const editor = document.querySelector('.ProseMirror') as HTMLElement;
    expect(editor).toBe(body);
    expect(isHidden(editor)).toBe(false);
    expect(editor.innerHTML).toContain('Body 5, now longer');
  });

  it("says so when the edit can't be composed", async () => {
    renderForm();
    // The server's own words, where the preview would be.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Email not found' }, { status: 404 })),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'As sent' }));
    expect(await screen.findByText('Email not found')).toBeTruthy();
    expect(screen.getByText('Could not compose the email')).toBeTruthy();
  });
});

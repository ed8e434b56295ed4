import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, email, finding, renderDialog, stubServer } from './review-dialog-fixtures';

afterEach(cleanUp);

const press = (key: string, target: Element = document.body) => fireEvent.keyDown(target, { key });
const puts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT');

// Each test renders the whole review and waits on several round trips of the fake server; the
// deadline is for liveness on a loaded machine, not a timing.
describe('reviewing with the keyboard', { timeout: 20_000 }, () => {
  it('pages with J and K, and hands the focus to the email shown', async () => {
    stubServer([email(1), email(2), email(3)]);
    renderDialog();

    await screen.findByText('Email 1 of 3');
    expect(screen.getByText('Press ? for keyboard shortcuts')).toBeTruthy();
    press('j');
    expect(await screen.findByText('Email 2 of 3')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Email to r2@example.com' })),
    );
    press('J');
    expect(await screen.findByText('Email 3 of 3')).toBeTruthy();
    press('k');
    expect(await screen.findByText('Email 2 of 3')).toBeTruthy();
    press('ArrowLeft');
    expect(await screen.findByText('Email 1 of 3')).toBeTruthy();
  });

  it('approves with A and moves on; A again on an approved email withdraws it and stays', async () => {
    const calls = stubServer([email(1), email(2, { isApproved: true }), email(3)]);
    renderDialog();

    await screen.findByText('Email 1 of 3');
    press('a');
    expect(await screen.findByText('Email 2 of 3')).toBeTruthy();
    expect(puts(calls)).toEqual([{ method: 'PUT', url: '/api/emails/1', body: { isApproved: true } }]);

    press('a');
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toEqual({ method: 'PUT', url: '/api/emails/2', body: { isApproved: false } });
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByText('Email 2 of 3')).toBeTruthy();
  });

  it('does not approve an email with an open high-severity finding', async () => {
    const calls = stubServer([email(1, { findings: [finding({ severity: 'high' })] }), email(2)]);
    renderDialog();

    await screen.findByText('Email 1 of 2');
    press('a');
    expect(await screen.findByText('Fix or dismiss the findings first')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
    expect(screen.getByText('Email 1 of 2')).toBeTruthy();
  });

  it('stays in place after A in a filtered list, where the next email takes the approved one’s place', async () => {
    const calls = stubServer([
      email(1, { findings: [finding()] }),
      email(2, { findings: [finding({ severity: 'low' })] }),
      email(3, { findings: [finding({ severity: 'low' })] }),
    ]);
    renderDialog();

    fireEvent.click(await screen.findByRole('button', { name: 'Needs attention (3)' }));
    await screen.findByText('Email 1 of 3');
    await waitFor(() => expect(screen.getByText('r1@example.com')).toBeTruthy());
    press('a');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(await screen.findByText('Email 1 of 2')).toBeTruthy();
    expect(screen.getByText('r2@example.com')).toBeTruthy();
  });

  it('skips with S to the next email not approved yet, and stays when there is none', async () => {
    stubServer([email(1), email(2, { isApproved: true }), email(3), email(4, { isApproved: true })]);
    renderDialog();

    await screen.findByText('Email 1 of 4');
    press('s');
    expect(await screen.findByText('Email 3 of 4')).toBeTruthy();
    press('s');
    // Nothing after the third is left to approve.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Email 3 of 4')).toBeTruthy();
  });

  it('opens the editor with E on the subject, rests the keys meanwhile, and saves with Ctrl+Enter', async () => {
    const calls = stubServer([email(1), email(2)]);
    renderDialog();

    await screen.findByText('Email 1 of 2');
    press('e');
    const subject = await screen.findByLabelText('Subject');
    await waitFor(() => expect(document.activeElement).toBe(subject));
    press('j', subject);
    press('j');
    expect(screen.getByText('Email 1 of 2')).toBeTruthy();

    fireEvent.change(subject, { target: { value: 'A better subject' } });
    fireEvent.keyDown(subject, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({
      subject: 'A better subject',
      body: '<p>Body 1</p>',
      isEdited: true,
    });
    expect(await screen.findByText('Email updated')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Subject')).toBeNull());
  });

  it('dismisses the findings with D', async () => {
    const calls = stubServer([email(1, { findings: [finding()] })]);
    renderDialog();

    await screen.findByRole('region', { name: 'Findings' });
    press('d');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({ findingsDismissed: true });
    expect(await screen.findByText('Findings dismissed (1)')).toBeTruthy();
    // Nothing more to dismiss.
    press('d');
    expect(puts(calls)).toHaveLength(1);
  });

  it('keeps a dismissed email on screen in a filtered list, so A then approves that same email', async () => {
    const calls = stubServer([
      email(1, { findings: [finding({ severity: 'low' })] }),
      email(2, { findings: [finding({ severity: 'low' })] }),
      email(3, { findings: [finding({ severity: 'low' })] }),
    ]);
    renderDialog();

    fireEvent.click(await screen.findByRole('button', { name: 'Needs attention (3)' }));
    await screen.findByText('Email 1 of 3');
    await waitFor(() => expect(screen.getByText('r1@example.com')).toBeTruthy());
    press('d');
    // The list has dropped the dismissed email; it stays shown until the person moves on.
    expect(await screen.findByRole('button', { name: 'Needs attention (2)' })).toBeTruthy();
    expect(screen.getByText('r1@example.com')).toBeTruthy();
    press('a');
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toMatchObject({ url: '/api/emails/1', body: { isApproved: true } });
    // A moved on: to the email that followed the approved one.
    expect(await screen.findByText('r2@example.com')).toBeTruthy();
    press('j');
    expect(await screen.findByText('r3@example.com')).toBeTruthy();
  });

  it('lists the keys on ?, and leaves them to the help while it is open', async () => {
    stubServer([email(1), email(2)]);
    renderDialog();

    await screen.findByText('Email 1 of 2');
    press('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Skip to the next email not approved yet')).toBeTruthy();
    press('j', help);
    press('j');
    expect(screen.getByText('Email 1 of 2')).toBeTruthy();
    // Escape closes the help alone.
    fireEvent.keyDown(help, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Review & Edit Emails' })).toBeTruthy();
    press('j');
    expect(await screen.findByText('Email 2 of 2')).toBeTruthy();
  });

  it('ignores keys with a modifier', async () => {
    const calls = stubServer([email(1), email(2)]);
    renderDialog();

    await screen.findByText('Email 1 of 2');
    fireEvent.keyDown(document.body, { key: 'a', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'j', metaKey: true });
    expect(screen.getByText('Email 1 of 2')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });
});

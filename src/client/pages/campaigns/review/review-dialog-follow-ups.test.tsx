import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Campaign, Email } from '../../../../contract/campaigns';
import {
  bulkMenuItem,
  campaign,
  cleanUp,
  email,
  fakeGeneration,
  renderDialog,
  stubServer,
} from './review-dialog-fixtures';

afterEach(cleanUp);

describe('ReviewDialog with follow-ups', () => {
  const sequence: Campaign = {
    ...campaign,
    steps: [
      { delayDays: 3, businessDays: true, templateId: 2 },
      { delayDays: 5, businessDays: false, templateId: 3 },
    ],
  };
  const followUp = (id: number, changes: Partial<Email> = {}) =>
    email(id, { step: 2, subject: 'Re: Hello 1', recipientId: 1, ...changes });

  it('approves all of one step, and all of every step', async () => {
    const calls = stubServer([email(1), followUp(2)]);
    renderDialog(sequence);

    // Enabled once the counts are in.
    await screen.findByText('0 of 2 approved');
    const stepTwo = await bulkMenuItem('Approve all of step 2');
    expect(screen.getByRole('menuitem', { name: 'Approve all of step 1' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Approve all of step 3' })).toBeTruthy();
    fireEvent.click(stepTwo);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/approve-all'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/approve-all'))).toEqual({
      method: 'POST',
      url: '/api/campaigns/7/approve-all',
      body: { step: 2 },
    });
    expect(await screen.findByText('All emails of step 2 approved')).toBeTruthy();

    fireEvent.click(await bulkMenuItem('Approve all'));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/approve-all'))).toHaveLength(2));
    // Every step: no body at all, as before follow-ups existed.
    expect(calls.filter((c) => c.url.endsWith('/approve-all'))[1]?.body).toBeUndefined();
  });

  it('refuses approval by step too without an unsubscribe link', async () => {
    stubServer([email(1), followUp(2)]);
    renderDialog({ ...sequence, includeUnsubscribeLink: false });

    // Once the counts are in, so the buttons are not just waiting for them.
    await screen.findByText('0 of 2 approved');
    expect(await bulkMenuItem('Approve all of step 2')).toHaveProperty('disabled', true);
    expect(screen.getByRole('menuitem', { name: 'Approve all' })).toHaveProperty('disabled', true);
  });

  it("names each email's step, shows why one stopped and keeps a follow-up's subject", async () => {
    stubServer([
      email(1),
      followUp(2, { status: 'stopped', errorMessage: 'Stopped: replied on 3 Dec' }),
      followUp(3, { status: 'waiting', isApproved: true }),
      followUp(4),
    ]);
    renderDialog(sequence);

    expect(await screen.findByText('Step 1')).toBeTruthy();
    expect(screen.queryByText(/reply in the first email’s thread/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 2 · follow-up')).toBeTruthy();
    expect(screen.getByText('Stopped: replied on 3 Dec')).toBeTruthy();
    expect(screen.queryByText(/^Error:/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Follow-up waiting', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(screen.getByText('Goes out when step 1 has been sent and this step falls due.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Email 4 of 4');
    expect(
      screen.getByText('Follow-ups reply in the first email’s thread, so they keep its subject.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const subject = await screen.findByLabelText('Subject');
    expect(subject).toHaveProperty('readOnly', true);
    expect((subject as HTMLInputElement).value).toBe('Re: Hello 1');
  });

  it('names no step and offers no approval by step without follow-ups', async () => {
    stubServer([email(1)]);
    renderDialog();

    await screen.findByText('Email 1 of 1');
    expect(screen.queryByText('Step 1')).toBeNull();
    await bulkMenuItem('Approve all');
    expect(screen.queryByRole('menuitem', { name: /Approve all of step/ })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: /Regenerate/ })).toBeNull();
  });

  // Each test renders the whole review and clicks through a menu and a dialog: about half a second
  // alone, but on a shared two-core machine under load that has passed the default five seconds.
  // The deadline is for liveness, not a timing.
  describe('regenerating a step', { timeout: 20_000 }, () => {
    const emailReads = (calls: { url: string }[]) =>
      calls.filter((c) => c.url.startsWith('/api/campaigns/7/emails?')).length;

    /** Opens "Bulk actions" once the counts are in, picks "Regenerate step N…", and returns the question asked. */
    async function ask(step: number) {
      await screen.findByText('0 of 2 approved');
      fireEvent.click(await bulkMenuItem(`Regenerate step ${step}…`));
      return screen.findByRole('dialog', { name: `Regenerate step ${step}` });
    }

    it('offers every step and asks first, and Cancel writes nothing again', async () => {
      const calls = stubServer([email(1), followUp(2)]);
      renderDialog(sequence, fakeGeneration());

      await screen.findByText('0 of 2 approved');
      await bulkMenuItem('Regenerate step 1…');
      const menu = await screen.findByRole('menu');
      expect(
        within(menu)
          .getAllByRole('menuitem', { name: /^Regenerate/ })
          .map((item) => item.textContent),
      ).toEqual(['Regenerate step 1…', 'Regenerate step 2…', 'Regenerate step 3…']);
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Regenerate step 2…' }));

      const question = await screen.findByRole('dialog', { name: 'Regenerate step 2' });
      expect(
        within(question).getByText(
          'The step’s emails still in review are written again from its template and the current thread. Their edits and approvals are lost; emails already on their way or sent stay as they are.',
        ),
      ).toBeTruthy();
      expect(within(question).getByRole('button', { name: 'Regenerate' })).toBeTruthy();
      fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Regenerate step 2' })).toBeNull());
      expect(calls.some((c) => c.url.endsWith('/regenerate-step'))).toBe(false);
      // The review is still there.
      expect(screen.getByText('Email 1 of 2')).toBeTruthy();
    });

    it('asks the server to write the step again, says so, reads the emails again and follows the generation', async () => {
      const calls = stubServer([email(1), followUp(2)]);
      const generation = fakeGeneration();
      renderDialog(sequence, generation);

      const question = await ask(2);
      const readsBefore = emailReads(calls);
      fireEvent.click(within(question).getByRole('button', { name: 'Regenerate' }));

      expect(await screen.findByText('Step 2 is being written again')).toBeTruthy();
      expect(screen.getByText('1 email to write again, as new drafts to review.')).toBeTruthy();
      expect(calls.filter((c) => c.url.endsWith('/regenerate-step'))).toEqual([
        { method: 'POST', url: '/api/campaigns/7/regenerate-step', body: { step: 2 } },
      ]);
      // The step's draft left the list: the review read it again.
      expect(await screen.findByText('Email 1 of 1')).toBeTruthy();
      expect(emailReads(calls)).toBeGreaterThan(readsBefore);
      await waitFor(() => expect(generation.start).toHaveBeenCalledTimes(1));
      expect(generation.start.mock.calls[0]?.[0]).toMatchObject({ id: 7 });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Regenerate step 2' })).toBeNull());
    });

    it("shows the server's refusal as an error toast and starts nothing", async () => {
      const calls = stubServer([email(1), followUp(2)], {}, () =>
        Response.json({ message: 'Select a template for step 3' }, { status: 400 }),
      );
      const generation = fakeGeneration();
      renderDialog(sequence, generation);

      const question = await ask(3);
      fireEvent.click(within(question).getByRole('button', { name: 'Regenerate' }));

      expect(await screen.findByText('Select a template for step 3')).toBeTruthy();
      expect(screen.getByText('Error')).toBeTruthy();
      expect(calls.find((c) => c.url.endsWith('/regenerate-step'))?.body).toEqual({ step: 3 });
      expect(screen.queryByText('Step 3 is being written again')).toBeNull();
      expect(generation.start).not.toHaveBeenCalled();
      // The question stays, to try again or cancel.
      expect(screen.getByRole('dialog', { name: 'Regenerate step 3' })).toBeTruthy();
    });

    it('shows the progress while the emails are written, offers no regeneration meanwhile, and reads them once done', async () => {
      const calls = stubServer([email(1), followUp(2)]);
      const { rerender } = renderDialog(sequence, fakeGeneration(true));

      await screen.findByText('0 of 2 approved');
      expect(screen.getByRole('progressbar', { name: 'Generating emails for Expo follow-up' })).toBeTruthy();
      expect(screen.getByText('Writing for r2@example.com')).toBeTruthy();
      expect(await bulkMenuItem('Regenerate step 1…')).toHaveProperty('disabled', true);

      const readsBefore = emailReads(calls);
      rerender(fakeGeneration(false));
      await waitFor(() => expect(emailReads(calls)).toBeGreaterThan(readsBefore));
      expect(screen.queryByRole('progressbar', { name: /Generating emails/ })).toBeNull();
      await waitFor(() =>
        expect(screen.getByRole('menuitem', { name: 'Regenerate step 1…' })).toHaveProperty(
          'disabled',
          false,
        ),
      );
    });
  });
});

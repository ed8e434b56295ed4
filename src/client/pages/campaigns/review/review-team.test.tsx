import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../../../contract/api';
import type { EmailAuthorship } from '../../../../contract/campaigns';
import { FOUR_EYES_MESSAGE } from '../../../../contract/workspaces';
import { keyOf } from '../../../api';
import { bulkMenuItem, cleanUp, email, renderDialog, stubServer, stubTeam } from './review-dialog-fixtures';

afterEach(cleanUp);

const by = (changes: Partial<EmailAuthorship> = {}): EmailAuthorship => ({
  writerId: 2,
  generatedBy: 'Alice Archer',
  editedBy: null,
  approvedBy: null,
  ...changes,
});
const puts = (calls: { method: string }[]) => calls.filter((c) => c.method === 'PUT');

// Each test renders the whole review and waits on several round trips of the fake server; the
// deadline is for liveness on a loaded machine, not a timing.
describe('the review in a team', { timeout: 20_000 }, () => {
  it('names who wrote, edited and approved the email', async () => {
    stubServer([
      email(1, {
        isApproved: true,
        isEdited: true,
        authorship: by({ writerId: 3, editedBy: 'Bob Baker', approvedBy: 'Carol Cole' }),
      }),
      email(2, { authorship: by() }),
    ]);
    stubTeam({ members: 3 });
    renderDialog();

    expect(
      await screen.findByText('Written by Alice Archer · edited by Bob Baker · approved by Carol Cole'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Written by Alice Archer')).toBeTruthy();
  });

  it('leaves out what it does not know', async () => {
    stubServer([
      email(1, { isApproved: true, authorship: by({ generatedBy: null, approvedBy: 'Carol Cole' }) }),
    ]);
    stubTeam({ members: 2 });
    renderDialog();
    expect(await screen.findByText('Approved by Carol Cole')).toBeTruthy();
  });

  it('names nobody to someone working alone', async () => {
    stubServer([email(1, { isApproved: true, authorship: by({ approvedBy: 'Carol Cole' }) })]);
    stubTeam({ members: 1 });
    const { client, rerender } = renderDialog();
    await screen.findByText('Email 1 of 1');
    // Once the members are in, a render shows what one person working alone sees: no names.
    await waitFor(() => expect(client.getQueryData(keyOf(api.workspaces.members))).toHaveLength(1));
    rerender();
    expect(screen.getByText('Body 1')).toBeTruthy();
    expect(screen.queryByTestId('email-authorship')).toBeNull();
  });

  it('under four-eyes, keeps the writer from approving and says why', async () => {
    const calls = stubServer([email(1, { authorship: by({ writerId: 1 }) }), email(2, { authorship: by() })]);
    stubTeam({ userId: 1, fourEyes: true });
    renderDialog();

    await screen.findByText('Email 1 of 2');
    const approve = await screen.findByRole('button', { name: 'Approve' });
    await waitFor(() => expect(approve).toHaveProperty('disabled', true));
    fireEvent.mouseEnter(screen.getByTestId('approve-reason'));
    expect(await screen.findByText(FOUR_EYES_MESSAGE)).toBeTruthy();

    // The key refuses it too, and nothing is sent to the server.
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(await screen.findByText('Not approved')).toBeTruthy();
    expect(puts(calls)).toEqual([]);

    // Someone else's email is theirs to approve.
    fireEvent.keyDown(document.body, { key: 'j' });
    await screen.findByText('Email 2 of 2');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Approve' })).toHaveProperty('disabled', false),
    );
  });

  it('lets the writer approve their own email when four-eyes approval is off', async () => {
    const calls = stubServer([email(1, { authorship: by({ writerId: 1 }) })]);
    stubTeam({ userId: 1, fourEyes: false });
    renderDialog();

    await screen.findByText('Written by Alice Archer');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
  });

  it("says how many Approve all held for someone else's approval", async () => {
    stubServer([email(1), email(2), email(3)], {}, undefined, () =>
      Response.json({ approved: 1, held: 2, heldForOthers: 2 }),
    );
    stubTeam({ userId: 1, fourEyes: true });
    renderDialog();

    await screen.findByText('0 of 3 approved');
    fireEvent.click(await bulkMenuItem('Approve all'));
    expect(
      await screen.findByText("1 email approved. 2 emails held for someone else's approval: you wrote them."),
    ).toBeTruthy();
  });
});

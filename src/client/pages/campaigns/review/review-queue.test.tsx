import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bulkMenuItem,
  campaign,
  cleanUp,
  email,
  finding,
  renderDialog,
  stubServer,
} from './review-dialog-fixtures';

afterEach(cleanUp);

const pressed = (name: RegExp | string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');
const emailReads = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.startsWith('/api/campaigns/7/emails?'));

// Each test renders the whole review and waits on several round trips of the fake server; the
// deadline is for liveness on a loaded machine, not a timing.
describe('the review queue', { timeout: 20_000 }, () => {
  it('reads the queue in attention order and filters it by finding', async () => {
    const calls = stubServer([
      email(1, { findings: [finding({ severity: 'high' }), finding({ kind: 'duplicate' })] }),
      email(2, { findings: [finding({ kind: 'duplicate', severity: 'low' })] }),
      email(3, { findings: [] }),
      email(4, { findings: null }),
    ]);
    renderDialog();

    expect(await screen.findByText('Email 1 of 4')).toBeTruthy();
    expect(emailReads(calls)[0]?.url).toBe('/api/campaigns/7/emails?limit=50&offset=0&order=attention');
    expect(screen.getByRole('button', { name: 'All (4)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Needs attention (2)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unsupported claims (1)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Near-duplicates (2)' })).toBeTruthy();
    // Kinds with nothing to read get no button.
    expect(screen.queryByRole('button', { name: /Deliverability/ })).toBeNull();
    expect(pressed('All (4)')).toBe('true');
    expect(screen.getByText('Checking 1 draft…')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Email 2 of 4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Near-duplicates (2)' }));
    // Back to the first email of the shorter list.
    expect(await screen.findByText('Email 1 of 2')).toBeTruthy();
    expect(pressed('Near-duplicates (2)')).toBe('true');
    expect(pressed('All (4)')).toBe('false');
    expect(emailReads(calls).at(-1)?.url).toContain('order=attention&finding=duplicate');
    expect(screen.getByText('r1@example.com')).toBeTruthy();
    // The approval progress still counts the whole campaign.
    expect(screen.getByText('0 of 4 approved')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Needs attention (2)' }));
    await waitFor(() => expect(emailReads(calls).at(-1)?.url).toContain('finding=any'));
    expect(await screen.findByText('Email 1 of 2')).toBeTruthy();
  });

  it('says when a filtered list is worked through, and goes back to all', async () => {
    const calls = stubServer([
      email(1),
      email(2, { findings: [finding({ kind: 'length', severity: 'low' })] }),
    ]);
    renderDialog();

    fireEvent.click(await screen.findByRole('button', { name: 'Unusual length (1)' }));
    expect(await screen.findByText('Email 1 of 1')).toBeTruthy();
    expect(screen.getByText('r2@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));

    // The approved email left the list, and stays on screen until the person moves on; the filter
    // keeps its button at zero.
    expect(await screen.findByRole('button', { name: 'Unusual length (0)' })).toBeTruthy();
    expect(screen.getByText('r2@example.com')).toBeTruthy();
    expect(screen.getByText('Approved', { selector: '.mantine-Badge-label' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Nothing left here')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all emails' }));
    expect(await screen.findByText('Email 1 of 2')).toBeTruthy();
    expect(pressed('All (2)')).toBe('true');
  });

  it('lists the findings most severe first, marks their text and dismisses them', async () => {
    const calls = stubServer([
      email(1, {
        subject: 'FREE money for Acme',
        body: '<p>Congrats on the <b>Series B</b>, Acme.</p>',
        findings: [
          finding({
            kind: 'deliverability',
            severity: 'low',
            span: { field: 'subject', text: 'FREE' },
            reason: 'Capitals read as shouting',
          }),
          finding({
            severity: 'high',
            span: { field: 'body', text: 'Series B' },
            reason: 'No funding round given',
          }),
        ],
      }),
    ]);
    renderDialog();

    const panel = await screen.findByRole('region', { name: 'Findings' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'HighUnsupported claims: No funding round given“Series B”',
      'LowDeliverability: Capitals read as shouting“FREE”',
    ]);

    const preview = screen.getByRole('region', { name: 'Email preview' });
    const marks = [...preview.querySelectorAll('mark')];
    expect(marks.map((m) => [m.textContent, m.dataset.findingKind, m.title])).toEqual([
      ['FREE', 'deliverability', 'Capitals read as shouting'],
      ['Series B', 'ungrounded', 'No funding round given'],
    ]);

    fireEvent.click(within(panel).getByRole('button', { name: 'Dismiss findings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/emails/1',
      body: { findingsDismissed: true },
    });
    expect(await screen.findByText('Findings dismissed (2)')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Findings' })).toBeNull();
    // Dismissed findings mark nothing; the body reads as it did.
    expect(preview.querySelector('mark')).toBeNull();
    expect(preview.textContent).toContain('Congrats on the Series B, Acme.');

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toEqual({ findingsDismissed: false });
    expect(await screen.findByRole('region', { name: 'Findings' })).toBeTruthy();
  });

  it('shows no findings panel for an email the checks passed or have not read', async () => {
    stubServer([email(1, { findings: [] }), email(2)]);
    renderDialog();

    await screen.findByText('Email 1 of 2');
    expect(screen.queryByRole('region', { name: 'Findings' })).toBeNull();
    // Nothing needs attention: only All is offered.
    expect(screen.queryByRole('button', { name: /^Needs attention/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'All (2)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Email 2 of 2');
    expect(screen.queryByRole('region', { name: 'Findings' })).toBeNull();
  });

  it('keeps Approve off while a high-severity finding is open, and says when an email is approved', async () => {
    stubServer([
      email(1, { findings: [finding({ severity: 'high' })] }),
      email(2, { isApproved: true, findings: [finding({ severity: 'low' })], findingsDismissed: true }),
    ]);
    renderDialog();

    expect(await screen.findByRole('button', { name: 'Approve' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const approved = await screen.findByRole('button', { name: 'Approved' });
    expect(approved.getAttribute('aria-pressed')).toBe('true');
    expect(approved.getAttribute('title')).toBe('Approved: click to withdraw the approval');
    expect(approved).toHaveProperty('disabled', false);
  });

  it('counts approvals with dismissed findings in the progress', async () => {
    stubServer([
      email(1, { isApproved: true, findings: [finding()], findingsDismissed: true }),
      email(2, { isApproved: true, findings: [] }),
      email(3),
    ]);
    renderDialog();
    expect(await screen.findByText('2 of 3 approved · 1 with findings dismissed')).toBeTruthy();
  });

  it('approves all without findings and tells how many were left to read', async () => {
    const calls = stubServer(
      [email(1, { findings: [] }), email(2, { findings: [] }), email(3, { findings: [finding()] }), email(4)],
      {},
      undefined,
      () => Response.json({ approved: 2, held: 2, heldForOthers: 0 }),
    );
    renderDialog();

    await screen.findByText('0 of 4 approved');
    const button = await bulkMenuItem('Approve all without findings (2)');
    expect(button).toHaveProperty('disabled', false);
    fireEvent.click(button);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/approve-all'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/approve-all'))?.body).toEqual({ withoutFindings: true });
    expect(await screen.findByText('Emails without findings approved')).toBeTruthy();
    expect(
      screen.getByText(
        '2 emails approved. 2 emails left for you to read: they have findings or are still being checked.',
      ),
    ).toBeTruthy();
  });

  it('tells how many high-severity findings Approve all left', async () => {
    stubServer([email(1), email(2, { findings: [finding({ severity: 'high' })] })], {}, undefined, () =>
      Response.json({ approved: 1, held: 1, heldForOthers: 0 }),
    );
    renderDialog();

    await screen.findByText('0 of 2 approved');
    fireEvent.click(await bulkMenuItem('Approve all'));
    expect(
      await screen.findByText('1 email approved. 1 email with high-severity findings left for you to read.'),
    ).toBeTruthy();
  });

  it('offers no approval without findings when there are none, or without an unsubscribe link', async () => {
    stubServer([email(1, { findings: [finding()] }), email(2, { findings: [] })]);
    renderDialog({ ...campaign, includeUnsubscribeLink: false });

    await screen.findByText('0 of 2 approved');
    expect(await bulkMenuItem('Approve all without findings (1)')).toHaveProperty('disabled', true);
  });

  it('offers no approval without findings when every draft has some', async () => {
    stubServer([email(1, { findings: [finding()] })]);
    renderDialog();

    await screen.findByText('0 of 1 approved');
    expect(await bulkMenuItem('Approve all without findings (0)')).toHaveProperty('disabled', true);
  });
});

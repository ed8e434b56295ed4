import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Campaign, type CampaignListItem, DEFAULT_SEND_WINDOW } from '../../../contract/campaigns';
import { CampaignCard } from './campaign-card';

const campaign: Campaign = {
  id: 7,
  name: 'Expo follow-up',
  description: null,
  notes: null,
  status: 'sending',
  templateId: 1,
  recipientCount: 3,
  columnMapping: { email: 'E-mail' },
  includeUnsubscribeLink: true,
  unsubscribeMessage: null,
  trackOpens: true,
  checkClaimsWithAi: true,
  claimCheck: { drafts: 0, tokens: 0 },
  steps: [
    { delayDays: 3, businessDays: true, templateId: 2 },
    { delayDays: 5, businessDays: true, templateId: null },
  ],
  sendWindow: DEFAULT_SEND_WINDOW,
  createdAt: '2025-08-01T00:00:00Z',
  archivedAt: null,
  generation: { processed: 0, total: 0, error: null },
};

function renderCard(shown: CampaignListItem, onViewSequence = vi.fn(), onReview = vi.fn()) {
  render(
    <MantineProvider env="test">
      <CampaignCard
        campaign={shown}
        templateVariables={['email']}
        generating={false}
        progress={{ progress: 0, processed: 0, total: 0, currentRecipient: null }}
        busy={false}
        onEdit={() => {}}
        onArchive={() => {}}
        onDelete={() => {}}
        onUploadCsv={() => {}}
        onGenerate={() => {}}
        onReview={onReview}
        onViewScheduled={() => {}}
        onViewSequence={onViewSequence}
      />
    </MantineProvider>,
  );
  return onViewSequence;
}

describe('CampaignCard with follow-ups', () => {
  it('counts the first email and the follow-ups as steps, and opens the sequence once sending started', () => {
    const onViewSequence = renderCard(campaign);
    expect(screen.getByText('3 steps')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sequence' }));
    expect(onViewSequence).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Review' })).toBeTruthy();
  });

  it('offers Review beside View Scheduled while drafts wait for approval (issue #28)', () => {
    const onReview = vi.fn();
    renderCard({ ...campaign, status: 'scheduled', hasDraftsToApprove: true }, vi.fn(), onReview);
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(onReview).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'View Scheduled' })).toBeTruthy();
  });

  it('offers no Review on a scheduled campaign with every draft approved', () => {
    renderCard({ ...campaign, status: 'scheduled', hasDraftsToApprove: false });
    expect(screen.queryByRole('button', { name: 'Review' })).toBeNull();
  });

  it('offers the sequence beside View Scheduled', () => {
    renderCard({ ...campaign, status: 'scheduled' });
    expect(screen.getByRole('button', { name: 'View Scheduled' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sequence' })).toBeTruthy();
  });

  it('has no sequence before sending, and names the follow-up a draft still needs a template for', () => {
    renderCard({ ...campaign, status: 'draft' });
    expect(screen.queryByRole('button', { name: 'Sequence' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Select a template for step 3')).toBeTruthy();
  });

  it('shows no steps and no sequence without follow-ups', () => {
    renderCard({ ...campaign, steps: [] });
    expect(screen.queryByText(/steps$/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sequence' })).toBeNull();
  });
});

describe('CampaignCard name and results', () => {
  const longName = 'Quarterly partner newsletter for the Northern Europe distributors and their resellers';

  it('shows the whole of a long name, never cut, styled as the link that opens it (issue #28)', () => {
    renderCard({ ...campaign, name: longName });
    const name = screen.getByText(longName);
    expect(name.hasAttribute('data-line-clamp')).toBe(false);
    expect(name.className).toContain('link');
    expect(name.closest('button')).not.toBeNull();
  });

  it('names the campaign\'s template instead of "Selected" (issue #28)', () => {
    renderCard({ ...campaign, templateName: 'Expo prompt' });
    expect(screen.getByText('Expo prompt')).toBeTruthy();
    expect(screen.queryByText('Selected')).toBeNull();
    renderCard({ ...campaign, templateId: null, templateName: null });
    expect(screen.getByText('None')).toBeTruthy();
  });

  it('shows sent, opened and unsubscribed once the campaign has sent', () => {
    renderCard({ ...campaign, status: 'completed', results: { sent: 1200, opened: 300, unsubscribed: 4 } });
    const results = screen.getByRole('group', { name: 'Results' });
    expect(results.textContent).toContain('Sent');
    expect(screen.getByLabelText('Sent: 1,200')).toBeTruthy();
    expect(screen.getByLabelText('Opened: 300 (25%)')).toBeTruthy();
    expect(screen.getByLabelText('Unsubscribed: 4')).toBeTruthy();
  });

  it('shows no results before anything was sent', () => {
    renderCard({ ...campaign, status: 'ready', results: { sent: 0, opened: 0, unsubscribed: 0 } });
    expect(screen.queryByRole('group', { name: 'Results' })).toBeNull();
  });
});

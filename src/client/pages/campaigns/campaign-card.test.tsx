import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Campaign, DEFAULT_SEND_WINDOW } from '../../../contract/campaigns';
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

function renderCard(shown: Campaign, onViewSequence = vi.fn()) {
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
        onReview={() => {}}
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

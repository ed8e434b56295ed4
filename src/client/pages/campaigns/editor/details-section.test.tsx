import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api';
import { senderSettingsQuery } from '../../settings/use-save-sender-settings';
import { activeTemplatesQuery } from '../../templates/template-queries';
import type { CampaignDraft } from './campaign-draft';
import { DetailsSection } from './details-section';
import { useCampaignEditorState } from './use-campaign-editor-state';

const DEFAULT_MESSAGE =
  'Acme\n[Street Address]\n[City], CA 94000\nYou received this email because [reason]. This is a commercial message.';

/** The section on a new campaign, with the draft reported after every change. */
function renderSection(
  onDraft: (draft: CampaignDraft) => void = () => {},
  streetAddress: string | null = '1 Main St',
) {
  const client = createQueryClient();
  client.setQueryData(senderSettingsQuery.queryKey, {
    defaultUnsubscribeMessage: DEFAULT_MESSAGE,
    streetAddress,
  });
  client.setQueryData(activeTemplatesQuery.queryKey, []);
  function Harness() {
    const state = useCampaignEditorState(null);
    onDraft(state.draft);
    return <DetailsSection state={state} autoFocus={false} />;
  }
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <Harness />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DetailsSection', () => {
  it('has open tracking on for a new campaign, and the switch turns it off', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    let draft: CampaignDraft | undefined;
    renderSection((d) => {
      draft = d;
    });
    const toggle = screen.getByRole('switch', { name: /^Track opens/ });
    expect(toggle).toHaveProperty('checked', true);
    expect(screen.getByText(/Adds an invisible image to each email/)).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle).toHaveProperty('checked', false);
    expect(draft?.trackOpens).toBe(false);
  });

  it('warns about the default placeholders left in the unsubscribe message until they are replaced', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    renderSection();
    expect(screen.getByRole('alert', { name: 'Placeholders are left to replace' })).toBeTruthy();
    expect(
      screen.getByText(/still contains "\[Street Address\]", "\[City\]" and "\[reason\]": replace them/),
    ).toBeTruthy();

    const message = screen.getByLabelText('Unsubscribe Message');
    fireEvent.change(message, {
      target: { value: 'Acme\n1 Main St\nSpringfield, CA 94000\nYou received this email because [reason].' },
    });
    expect(screen.getByRole('alert', { name: 'A placeholder is left to replace' })).toBeTruthy();
    expect(screen.getByText(/still contains "\[reason\]": replace it with your own text/)).toBeTruthy();

    fireEvent.change(message, {
      target: { value: 'Acme [EU]\n1 Main St\nYou asked for our [newsletter].' },
    });
    expect(screen.queryByRole('alert')).toBeNull();
    // The field keeps its own label: the alert's does not name it.
    expect(screen.getAllByLabelText(/Unsubscribe Message/i)).toHaveLength(1);
  });

  it('says when Settings has no postal address to add to commercial mail, with the way to fix it', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    renderSection(() => {}, null);
    expect(screen.getByRole('alert', { name: 'No postal address' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add it in Settings' }).getAttribute('href')).toBe('/settings');
  });
});

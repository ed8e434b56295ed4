import { Alert, Box, Button, Center, Divider, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Campaign } from '../../../../contract/campaigns';
import { errorDetail } from '../../../api';
import { activeCampaignsQuery } from '../campaign-queries';
import { campaignEmailsKey } from '../emails/email-queries';
import { useEmailActions } from '../emails/use-email-actions';
import { GenerationProgress } from '../generation/generation-progress';
import type { Generation } from '../generation/use-generation';
import { BulkActions } from './bulk-actions';
import { EmailCard } from './email-card';
import { clampIndex } from './email-paging';
import { KeyboardHelp } from './keyboard-help';
import { findingOf, NothingLeft, type ReviewFilter, ReviewFilterRow } from './review-filter';
import { useReviewEmails } from './use-review-emails';
import { useReviewShortcuts } from './use-review-shortcuts';

interface ReviewDialogProps {
  /** The campaign whose emails to review; null keeps the dialog closed. */
  campaign: Campaign | null;
  onClose: () => void;
  /**
   * The page's generation, which a regenerated step starts following again and whose progress
   * shows here meanwhile. Without it the page's campaign list alone notices the generation.
   */
  generation?: Generation;
}

/**
 * "Review & Edit Emails" (docs/product.md §5): one email at a time, in the review queue's order (what
 * the draft checks flagged first), filtered by finding if the user likes, with keyboard shortcuts and
 * the campaign-wide approval and sending.
 */
export function ReviewDialog({ campaign, onClose, generation }: ReviewDialogProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const [editing, setEditing] = useState(false);
  // Without a modal stack, Escape closes every open modal: leave it to a dialog opened on top.
  const [nested, setNested] = useState(false);
  return (
    <Modal
      opened={campaign !== null}
      onClose={onClose}
      title="Review & Edit Emails"
      size="xl"
      fullScreen={narrow}
      // Escape and stray clicks would throw away an unsaved edit.
      closeOnEscape={!editing && !nested}
      closeOnClickOutside={!editing}
    >
      {/* Keyed so another campaign starts at its first email. */}
      {campaign && (
        <Review
          key={campaign.id}
          campaign={campaign}
          editing={editing}
          setEditing={setEditing}
          onNestedChange={setNested}
          generation={generation}
        />
      )}
    </Modal>
  );
}

interface ReviewProps {
  campaign: Campaign;
  editing: boolean;
  setEditing: (editing: boolean) => void;
  onNestedChange: (open: boolean) => void;
  generation: Generation | undefined;
}

function Review({ campaign, editing, setEditing, onNestedChange, generation }: ReviewProps) {
  const [index, setIndex] = useState(0);
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const [helpOpen, setHelpOpen] = useState(false);
  const [bulkDialogOpen, setBulkDialogOpen] = useState(false);
  const { email, total, allTotal, counts, loading, error, findNext } = useReviewEmails(campaign.id, index, {
    finding: findingOf(filter),
    editing,
  });
  const actions = useEmailActions();
  const canMove = !editing && total > 0;
  const root = useRef<HTMLDivElement>(null);
  const card = useRef<HTMLDivElement>(null);
  // Set when a key moved the review: the card then takes the focus, so a screen reader reads the new email.
  const focusCard = useRef(false);
  /** Goes from `from` to `to`, unless the user moved on meanwhile (an approval may answer late). */
  const move = (from: number, to: number, { byKey = false } = {}) => {
    if (!canMove) return;
    focusCard.current = byKey;
    setIndex((current) => (current === from ? clampIndex(to, total) : current));
  };
  const show = (next: ReviewFilter) => {
    setFilter(next);
    setIndex(0);
  };

  useEffect(() => {
    if (!email || !focusCard.current) return;
    focusCard.current = false;
    card.current?.focus();
  }, [email]);
  const nested = bulkDialogOpen || helpOpen;
  useEffect(() => onNestedChange(nested), [onNestedChange, nested]);

  // The list can shrink under us (emails removed elsewhere, or leaving a filter); stay on a real email.
  useEffect(() => {
    if (total > 0 && index > total - 1) setIndex(total - 1);
  }, [index, total]);
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      // A closed editor belongs to no email; leaving the dialog mid-edit must not reopen it next time.
      setEditing(false);
      // Sends finish in the background: the card's status (sending, completed) is read again on leaving.
      void queryClient.invalidateQueries({ queryKey: activeCampaignsQuery.queryKey, exact: true });
    },
    [setEditing, queryClient],
  );

  const generating = generation?.isGenerating(campaign) ?? false;
  // When the writing ends, the step's new drafts are read (the page refreshes only the campaign list).
  const wasGenerating = useRef(generating);
  useEffect(() => {
    if (wasGenerating.current && !generating)
      void queryClient.invalidateQueries({ queryKey: campaignEmailsKey(campaign.id) });
    wasGenerating.current = generating;
  }, [queryClient, campaign.id, generating]);
  // The list, just refreshed by the action, holds the campaign as the server now has it (generating).
  const regenerated = () => {
    const list = queryClient.getQueryData<Campaign[]>(activeCampaignsQuery.queryKey);
    generation?.start(list?.find((c) => c.id === campaign.id) ?? campaign);
  };

  useReviewShortcuts({
    root,
    enabled: !editing && !nested,
    email,
    index,
    filtered: filter !== 'all',
    actions,
    findNext,
    move: (from, to) => move(from, to, { byKey: true }),
    onEdit: () => setEditing(true),
    onHelp: () => setHelpOpen(true),
  });

  return (
    <Stack gap="md" ref={root}>
      <Text size="sm" c="dimmed">
        {campaign.name}
      </Text>
      {generation && generating && (
        <GenerationProgress name={campaign.name} progress={generation.progressOf(campaign)} />
      )}
      <BulkActions
        campaign={campaign}
        total={allTotal ?? 0}
        counts={counts}
        loading={allTotal === undefined}
        actions={actions}
        generating={generating}
        onNestedChange={setBulkDialogOpen}
        onRegenerated={regenerated}
      />
      <Divider />
      <ReviewFilterRow
        filter={filter}
        onChange={show}
        allTotal={allTotal}
        counts={counts}
        disabled={editing}
      />
      <Group justify="space-between" gap="sm">
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={16} />}
          disabled={!canMove || index === 0}
          onClick={() => move(index, index - 1)}
        >
          Previous
        </Button>
        <Text size="sm" fw={500} aria-live="polite">
          {total > 0 ? `Email ${(index + 1).toLocaleString()} of ${total.toLocaleString()}` : ''}
        </Text>
        <Button
          variant="default"
          rightSection={<IconChevronRight size={16} />}
          disabled={!canMove || index >= total - 1}
          onClick={() => move(index, index + 1)}
        >
          Next
        </Button>
      </Group>
      {error ? (
        <Alert color="red" title="Could not load the emails">
          {errorDetail(error, 'Please try again.')}
        </Alert>
      ) : email ? (
        <Box
          ref={card}
          tabIndex={-1}
          className="mantine-focus-auto"
          role="region"
          aria-label={`Email to ${email.recipient.email}`}
        >
          <EmailCard
            email={email}
            showStep={campaign.steps.length > 0 || email.step > 1}
            editing={editing}
            onEditingChange={setEditing}
            actions={actions}
          />
        </Box>
      ) : loading ? (
        <Center mih={200}>
          <Loader aria-label="Loading email" />
        </Center>
      ) : filter !== 'all' ? (
        <NothingLeft onShowAll={() => show('all')} />
      ) : (
        <Text c="dimmed" ta="center" py="xl">
          This campaign has no emails yet.
        </Text>
      )}
      <Text size="xs" c="dimmed" ta="center" visibleFrom="sm">
        Press ? for keyboard shortcuts
      </Text>
      <KeyboardHelp opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </Stack>
  );
}

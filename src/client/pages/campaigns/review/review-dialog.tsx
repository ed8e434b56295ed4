import { Alert, Box, Button, Center, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Campaign } from '../../../../contract/campaigns';
import { errorDetail } from '../../../api';
import { Busy } from '../../../components/busy';
import { activeCampaignsQuery } from '../campaign-queries';
import { campaignEmailsKey } from '../emails/email-queries';
import { useEmailActions } from '../emails/use-email-actions';
import { GenerationProgress } from '../generation/generation-progress';
import type { Generation } from '../generation/use-generation';
import { BulkActions } from './bulk-actions';
import { EmailCard } from './email-card';
import { KeyboardHelp } from './keyboard-help';
import { findingOf, NothingLeft, type ReviewFilter, ReviewFilterRow } from './review-filter';
import { useReviewCursor } from './use-review-cursor';
import { useReviewEmails } from './use-review-emails';
import { useReviewShortcuts } from './use-review-shortcuts';
import { useReviewer } from './use-reviewer';

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
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const [helpOpen, setHelpOpen] = useState(false);
  const [bulkDialogOpen, setBulkDialogOpen] = useState(false);
  // The list is read at the cursor's index; the cursor then holds on to the email shown (useReviewCursor).
  const [listIndex, setListIndex] = useState(0);
  const { page, total, allTotal, counts, loading, error, findNext } = useReviewEmails(
    campaign.id,
    listIndex,
    {
      finding: findingOf(filter),
      editing,
    },
  );
  const { cursor, email, held, step, goTo, reset } = useReviewCursor(page, total);
  const index = cursor.index;
  useEffect(() => setListIndex(index), [index]);
  const actions = useEmailActions();
  const reviewer = useReviewer();
  const canMove = !editing && (total > 0 || held);
  const root = useRef<HTMLDivElement>(null);
  const card = useRef<HTMLDivElement>(null);
  // Set when a key moved the review: the card then takes the focus, so a screen reader reads the new email.
  const focusCard = useRef(false);
  const move = (delta: 1 | -1, { byKey = false } = {}) => {
    if (!canMove) return;
    focusCard.current = byKey;
    step(cursor, delta);
  };
  const show = (next: ReviewFilter) => {
    setFilter(next);
    reset();
  };

  const emailId = email?.id;
  useEffect(() => {
    if (emailId === undefined || !focusCard.current) return;
    focusCard.current = false;
    card.current?.focus();
  }, [emailId]);
  const nested = bulkDialogOpen || helpOpen;
  useEffect(() => onNestedChange(nested), [onNestedChange, nested]);

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
    cursor,
    held,
    actions,
    reviewer,
    findNext,
    step: (from, delta) => {
      if (!canMove) return;
      focusCard.current = true;
      step(from, delta);
    },
    goTo: (from, to) => {
      focusCard.current = true;
      goTo(from, to);
    },
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
          onClick={() => move(-1)}
        >
          Previous
        </Button>
        <Text size="sm" fw={500} aria-live="polite">
          {email && (total > 0 || held)
            ? `Email ${(index + 1).toLocaleString()} of ${Math.max(total, index + 1).toLocaleString()}`
            : ''}
        </Text>
        <Button
          variant="default"
          rightSection={<IconChevronRight size={16} />}
          disabled={!canMove || (held ? total > 0 && index >= total : index >= total - 1)}
          onClick={() => move(1)}
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
            reviewer={reviewer}
          />
        </Box>
      ) : loading ? (
        <Center mih={200}>
          <Busy label="Loading email" />
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

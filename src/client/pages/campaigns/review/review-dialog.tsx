import { Alert, Button, Center, Divider, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
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
import { useReviewEmails } from './use-review-emails';

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
 * "Review & Edit Emails" (docs/product.md §5): one email at a time, with the campaign-wide approval and
 * sending.
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
  const { email, total, counts, loading, error } = useReviewEmails(campaign.id, index);
  const actions = useEmailActions();
  const canMove = !editing && total > 0;
  const root = useRef<HTMLDivElement>(null);
  const go = (to: number) => {
    if (canMove) setIndex(clampIndex(to, total));
  };

  // The list can shrink under us (emails removed elsewhere); stay on a real email.
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

  useArrowKeys(
    root,
    canMove,
    () => go(index - 1),
    () => go(index + 1),
  );

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
        total={total}
        counts={counts}
        loading={loading && total === 0}
        actions={actions}
        generating={generating}
        onNestedChange={onNestedChange}
        onRegenerated={regenerated}
      />
      <Divider />
      <Group justify="space-between" gap="sm">
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={16} />}
          disabled={!canMove || index === 0}
          onClick={() => go(index - 1)}
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
          onClick={() => go(index + 1)}
        >
          Next
        </Button>
      </Group>
      {error ? (
        <Alert color="red" title="Could not load the emails">
          {errorDetail(error, 'Please try again.')}
        </Alert>
      ) : email ? (
        <EmailCard
          email={email}
          showStep={campaign.steps.length > 0 || email.step > 1}
          editing={editing}
          onEditingChange={setEditing}
          actions={actions}
        />
      ) : loading ? (
        <Center mih={200}>
          <Loader aria-label="Loading email" />
        </Center>
      ) : (
        <Text c="dimmed" ta="center" py="xl">
          This campaign has no emails yet.
        </Text>
      )}
    </Stack>
  );
}

/**
 * Left and right arrows page through the emails, unless the user is typing or a dialog opened on top
 * of the review (Send Now's confirmation, the schedule picker) has the focus.
 */
function useArrowKeys(
  root: RefObject<HTMLElement | null>,
  enabled: boolean,
  previous: () => void,
  next: () => void,
) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (typing(event.target) || !inReview(root.current, event.target)) return;
      if (event.key === 'ArrowLeft') previous();
      else if (event.key === 'ArrowRight') next();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [root, enabled, previous, next]);
}

function inReview(root: HTMLElement | null, target: EventTarget | null) {
  if (!root || !(target instanceof Node)) return false;
  if (target === document.body) return true;
  const dialog = root.closest('[role="dialog"]');
  return dialog?.contains(target) ?? false;
}

function typing(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

import { Button, Group, Stack, Text } from '@mantine/core';
import {
  IconCalendarTime,
  IconChecklist,
  IconListDetails,
  IconSparkles,
  IconUpload,
} from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import type { Campaign, CampaignListItem } from '../../../contract/campaigns';
import { generateBlocker } from './generate-blocker';

export interface CampaignStepHandlers {
  onUploadCsv: () => void;
  onGenerate: () => void;
  onReview: () => void;
  onViewScheduled: () => void;
  onViewSequence: () => void;
}

/**
 * A campaign with follow-ups has a sequence to follow (and stop) once sending has started: from
 * the first scheduled or sent email on. Before that every follow-up is still a draft in the review.
 */
export const hasSequenceView = (campaign: Pick<Campaign, 'status' | 'steps'>) =>
  campaign.steps.length > 0 && ['scheduled', 'sending', 'completed'].includes(campaign.status);

interface CampaignStepsProps extends CampaignStepHandlers {
  campaign: CampaignListItem;
  templateVariables: readonly string[] | undefined;
  generating: boolean;
}

/**
 * The campaign's next step: Upload CSV and Generate for drafts (Generate disabled, with docs/product.md §3's
 * hint, until it can run), Review when ready, View Scheduled when scheduled (and Review beside it
 * while drafts wait for approval). Sending and completed
 * campaigns keep a Review, where each email's delivery shows and failed or unconfirmed sends are handled.
 * Once sending started, a campaign with follow-ups also offers its Sequence.
 */
export function CampaignSteps({ campaign, templateVariables, generating, ...on }: CampaignStepsProps) {
  const hintId = useId();
  // The sequence sits beside the campaign's next step, whichever that is.
  const withSequence = (step: ReactNode, grouped = false) =>
    hasSequenceView(campaign) || grouped ? (
      <Group gap="xs" wrap="wrap">
        {step}
        {hasSequenceView(campaign) && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconListDetails size={14} />}
            onClick={on.onViewSequence}
          >
            Sequence
          </Button>
        )}
      </Group>
    ) : (
      step
    );
  if (campaign.status === 'ready') {
    return (
      <Button size="xs" leftSection={<IconChecklist size={14} />} onClick={on.onReview}>
        Review
      </Button>
    );
  }
  if (campaign.status === 'sending' || campaign.status === 'completed') {
    return withSequence(
      <Button
        size="xs"
        // Filled while drafts wait for approval: the campaign's next step is theirs.
        variant={campaign.hasDraftsToApprove ? 'filled' : 'light'}
        leftSection={<IconChecklist size={14} />}
        onClick={on.onReview}
      >
        Review
      </Button>,
    );
  }
  if (campaign.status === 'scheduled') {
    // Drafts left to approve (some held back, or follow-ups) are reviewed from here too.
    return withSequence(
      <>
        {campaign.hasDraftsToApprove && (
          <Button size="xs" leftSection={<IconChecklist size={14} />} onClick={on.onReview}>
            Review
          </Button>
        )}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCalendarTime size={14} />}
          onClick={on.onViewScheduled}
        >
          View Scheduled
        </Button>
      </>,
      true,
    );
  }
  if (campaign.status !== 'draft' || generating) return <span />;

  const blocker = generateBlocker(campaign, templateVariables);
  return (
    <Stack gap={4} miw={0}>
      <Group gap="xs" wrap="wrap">
        {campaign.recipientCount === 0 && (
          <Button size="xs" variant="default" leftSection={<IconUpload size={14} />} onClick={on.onUploadCsv}>
            Upload CSV
          </Button>
        )}
        <Button
          size="xs"
          leftSection={<IconSparkles size={14} />}
          disabled={blocker !== null}
          aria-describedby={blocker ? hintId : undefined}
          onClick={on.onGenerate}
        >
          Generate
        </Button>
      </Group>
      {blocker && (
        <Text size="xs" c="dimmed" id={hintId}>
          {blocker}
        </Text>
      )}
    </Stack>
  );
}

import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarTime, IconChecklist, IconSparkles, IconUpload } from '@tabler/icons-react';
import { useId } from 'react';
import type { Campaign } from '../../../contract/campaigns';
import { generateBlocker } from './generate-blocker';

export interface CampaignStepHandlers {
  onUploadCsv: () => void;
  onGenerate: () => void;
  onReview: () => void;
  onViewScheduled: () => void;
}

interface CampaignStepsProps extends CampaignStepHandlers {
  campaign: Campaign;
  templateVariables: readonly string[] | undefined;
  generating: boolean;
}

/**
 * The campaign's next step: Upload CSV and Generate for drafts (Generate disabled, with docs/product.md §3's
 * hint, until it can run), Review when ready, View Scheduled when scheduled. Sending and completed
 * campaigns keep a Review, where each email's delivery shows and failed or unconfirmed sends are handled.
 */
export function CampaignSteps({ campaign, templateVariables, generating, ...on }: CampaignStepsProps) {
  const hintId = useId();
  if (campaign.status === 'ready') {
    return (
      <Button size="xs" leftSection={<IconChecklist size={14} />} onClick={on.onReview}>
        Review
      </Button>
    );
  }
  if (campaign.status === 'sending' || campaign.status === 'completed') {
    return (
      <Button size="xs" variant="light" leftSection={<IconChecklist size={14} />} onClick={on.onReview}>
        Review
      </Button>
    );
  }
  if (campaign.status === 'scheduled') {
    return (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCalendarTime size={14} />}
        onClick={on.onViewScheduled}
      >
        View Scheduled
      </Button>
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

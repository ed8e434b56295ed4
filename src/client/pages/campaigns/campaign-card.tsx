import { Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CampaignListItem } from '../../../contract/campaigns';
import { CardActions } from '../../components/card-actions';
import classes from '../../components/clickable-card.module.css';
import { StatusBadge } from '../../components/status-badge';
import { CampaignFacts } from './campaign-facts';
import { CampaignResults } from './campaign-results';
import { type CampaignStepHandlers, CampaignSteps } from './campaign-steps';
import { GenerationProgress } from './generation/generation-progress';
import type { GenerationProgress as Progressing } from './generation/use-generation';

interface CampaignCardProps extends CampaignStepHandlers {
  campaign: CampaignListItem;
  /** Every step's template's variables; undefined when no template or one is not in the loaded list. */
  templateVariables: readonly string[] | undefined;
  generating: boolean;
  progress: Progressing;
  busy: boolean;
  onEdit: () => void;
  onArchive: () => void;
  onDelete: () => void;
}

/**
 * An active campaign. A draft opens the editor when clicked, any campaign with emails the review;
 * the buttons take it through its next step.
 */
export function CampaignCard({
  campaign,
  templateVariables,
  generating,
  progress,
  busy,
  onEdit,
  onArchive,
  onDelete,
  ...steps
}: CampaignCardProps) {
  const editable = campaign.status === 'draft' && !generating;
  // A ready or scheduled card opens the review; sent ones do too, to follow their delivery.
  const reviewable = ['ready', 'scheduled', 'sending', 'completed'].includes(campaign.status);
  const open = editable ? onEdit : reviewable ? steps.onReview : undefined;

  return (
    <Card component="article" aria-label={campaign.name} className={open ? classes.card : undefined}>
      <Stack gap="sm" h="100%">
        {/* The badge keeps beside a short name and goes below a long one: the name is never cut. */}
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
          {open ? (
            <UnstyledButton className={classes.open} onClick={open} style={{ flex: '1 1 10rem' }}>
              <CampaignName name={campaign.name} link />
            </UnstyledButton>
          ) : (
            <CampaignName name={campaign.name} />
          )}
          <StatusBadge status={generating ? 'generating' : campaign.status} />
        </Group>
        <CampaignFacts campaign={campaign} />
        <CampaignResults results={campaign.results} />
        {generating && <GenerationProgress name={campaign.name} progress={progress} />}
        {editable && campaign.generation.error && (
          <Text size="xs" c="red">
            Generation stopped: {campaign.generation.error}
          </Text>
        )}
        <Group justify="space-between" mt="auto" wrap="nowrap" align="flex-end" className={classes.actions}>
          <CampaignSteps
            campaign={campaign}
            templateVariables={templateVariables}
            generating={generating}
            {...steps}
          />
          <CardActions
            noun="campaign"
            onEdit={editable ? onEdit : undefined}
            onArchive={onArchive}
            onDelete={onDelete}
            busy={busy}
          />
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The whole name, wrapping as it needs (issue #28: cut at two lines beside a wide badge, it lost
 * its end). Styled as a link where it opens the campaign, since the whole card does.
 */
function CampaignName({ name, link = false }: { name: string; link?: boolean }) {
  return (
    <Text
      fw={600}
      className={link ? classes.link : undefined}
      style={{ overflowWrap: 'anywhere', flex: '1 1 10rem', minWidth: 0 }}
    >
      {name}
    </Text>
  );
}

import { Button, Card, EmptyState } from '@mantine/core';
import { IconMail, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Campaign } from '../../../contract/campaigns';
import { CardGrid } from '../../components/card-grid';
import { useShowMore } from '../../components/show-more';

/** Cards built at first, and per "Show more": a screenful or two. */
const CARDS_AT_A_TIME = 24;

import { DeleteChoiceDialog } from '../../components/delete-choice-dialog';
import { activeTemplatesQuery } from '../templates/template-queries';
import { CampaignCard } from './campaign-card';
import { activeCampaignsQuery } from './campaign-queries';
import { mappingVariablesOf } from './column-mapping';
import type { Generation } from './generation/use-generation';
import { useCampaignActions } from './use-campaign-actions';

export interface ActiveCampaignsProps {
  generation: Generation;
  onCreate: () => void;
  onEdit: (campaign: Campaign, focus?: 'csv') => void;
  onReview: (campaign: Campaign) => void;
  onViewScheduled: (campaign: Campaign) => void;
  onViewSequence: (campaign: Campaign) => void;
}

/** The Active Campaigns tab: cards, or the empty state inviting the first campaign. */
export function ActiveCampaigns({
  generation,
  onCreate,
  onEdit,
  onReview,
  onViewScheduled,
  onViewSequence,
}: ActiveCampaignsProps) {
  const { data: campaigns, error } = useQuery(activeCampaignsQuery);
  const { shown, more } = useShowMore(campaigns, CARDS_AT_A_TIME);
  // For Generate's "variables mismatch" check (docs/product.md §3), which needs each campaign's template.
  const { data: templates } = useQuery(activeTemplatesQuery);
  const actions = useCampaignActions();
  const [deleting, setDeleting] = useState<Campaign | null>(null);

  if (campaigns?.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<IconMail size={24} />}
          withIndicatorBackground
          title="No campaigns yet"
          description="A campaign pairs a template with your recipients' CSV and writes one email for each of them."
        >
          <EmptyState.Actions>
            <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
              Create Your First Campaign
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  }

  /** Every step's variables, as one mapping serves them all; undefined leaves the check to the server. */
  const variablesOf = (campaign: Campaign) => {
    const ids = [campaign.templateId, ...campaign.steps.map((step) => step.templateId)];
    const found = mappingVariablesOf(ids, templates);
    return found?.complete ? found.variables.map((variable) => variable.name) : undefined;
  };

  return (
    <>
      <CardGrid loading={!campaigns && !error} error={error} errorTitle="Could not load your campaigns">
        {shown.map((campaign) => (
          <CampaignCard
            key={campaign.id}
            campaign={campaign}
            templateVariables={variablesOf(campaign)}
            generating={generation.isGenerating(campaign)}
            progress={generation.progressOf(campaign)}
            busy={actions.pendingId === campaign.id}
            onEdit={() => onEdit(campaign)}
            onArchive={() => void actions.archive(campaign)}
            onDelete={() => setDeleting(campaign)}
            onUploadCsv={() => onEdit(campaign, 'csv')}
            onGenerate={() => generation.start(campaign)}
            onReview={() => onReview(campaign)}
            onViewScheduled={() => onViewScheduled(campaign)}
            onViewSequence={() => onViewSequence(campaign)}
          />
        ))}
      </CardGrid>
      {more}
      <DeleteChoiceDialog
        opened={deleting !== null}
        noun="Campaign"
        name={deleting?.name ?? ''}
        onClose={() => setDeleting(null)}
        onArchive={() => (deleting ? actions.archive(deleting) : Promise.resolve(false))}
        onDelete={() => (deleting ? actions.remove(deleting) : Promise.resolve(false))}
      />
    </>
  );
}

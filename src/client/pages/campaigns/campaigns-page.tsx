import { Button, Group, Tabs } from '@mantine/core';
import { IconCalendarTime, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { Campaign } from '../../../contract/campaigns';
import { ActiveCampaigns } from './active-campaigns';
import { ArchivedCampaigns } from './archived-campaigns';
import type { SaveOutcome } from './editor/use-save-campaign';
import { useGeneration } from './generation/use-generation';
import { hasRowsToRead, ImportSummaryDialog } from './import-summary-dialog';
import { ReviewDialog } from './review/review-dialog';
import { ScheduledEmailsDialog } from './scheduled/scheduled-emails-dialog';
import { SequenceDialog } from './sequence/sequence-dialog';

// The editor brings the CSV parser; load it when a campaign is first opened.
const CampaignEditor = lazy(() =>
  import('./editor/campaign-editor').then((m) => ({ default: m.CampaignEditor })),
);

/** An open editor: a new campaign (null) or an existing draft, optionally opened at the CSV picker. */
type Editing = { campaign: Campaign | null; focus?: 'csv' } | null;

export function CampaignsPage() {
  const [tab, setTab] = useState<string | null>('active');
  const [editing, setEditing] = useState<Editing>(null);
  const [reviewing, setReviewing] = useState<Campaign | null>(null);
  const [scheduled, setScheduled] = useState<{ campaign: Campaign | null } | null>(null);
  const [sequence, setSequence] = useState<Campaign | null>(null);
  const [summary, setSummary] = useState<{
    campaignName: string;
    report: NonNullable<SaveOutcome['report']>;
  } | null>(null);
  // Here rather than in the tab, so streams survive switching tabs.
  const generation = useGeneration();
  const create = () => setEditing({ campaign: null });

  const saved = ({ campaign, report }: SaveOutcome) => {
    // The toast gives the counts; rows worth reading (skipped, or imported with a warning) get a dialog.
    if (report && hasRowsToRead(report)) setSummary({ campaignName: campaign.name, report });
  };

  return (
    <>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap-reverse" gap="sm">
          <Tabs.List>
            <Tabs.Tab value="active">Active Campaigns</Tabs.Tab>
            <Tabs.Tab value="archived">Archived</Tabs.Tab>
          </Tabs.List>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconCalendarTime size={16} />}
              onClick={() => setScheduled({ campaign: null })}
            >
              Scheduled Emails
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={create}>
              New Campaign
            </Button>
          </Group>
        </Group>
        <Tabs.Panel value="active">
          <ActiveCampaigns
            generation={generation}
            onCreate={create}
            onEdit={(campaign, focus) => setEditing({ campaign, focus })}
            onReview={setReviewing}
            onViewScheduled={(campaign) => setScheduled({ campaign })}
            onViewSequence={setSequence}
          />
        </Tabs.Panel>
        <Tabs.Panel value="archived">
          <ArchivedCampaigns />
        </Tabs.Panel>
      </Tabs>
      {editing && (
        <Suspense fallback={null}>
          {/* Keyed so each opening starts from the campaign as saved. */}
          <CampaignEditor
            key={editing.campaign?.id ?? 'new'}
            campaign={editing.campaign}
            focus={editing.focus}
            onClose={() => setEditing(null)}
            onSaved={saved}
          />
        </Suspense>
      )}
      <ReviewDialog campaign={reviewing} onClose={() => setReviewing(null)} generation={generation} />
      <ScheduledEmailsDialog
        opened={scheduled !== null}
        campaign={scheduled?.campaign ?? null}
        onClose={() => setScheduled(null)}
      />
      <SequenceDialog campaign={sequence} onClose={() => setSequence(null)} />
      <ImportSummaryDialog summary={summary} onClose={() => setSummary(null)} />
    </>
  );
}

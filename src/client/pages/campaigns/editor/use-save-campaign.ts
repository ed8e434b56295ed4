import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../../contract/api';
import type { Campaign, ImportReport } from '../../../../contract/campaigns';
import { call, errorDetail } from '../../../api';
import { showToast } from '../../../toast';
import { refreshCampaignLists } from '../campaign-queries';
import { type CampaignDraft, saveBodyOf, submitProblem } from './campaign-draft';
import { uploadCsv } from './upload-csv';
import { campaignMailboxesQuery } from './use-send-from';

export interface SaveInput {
  draft: CampaignDraft;
  /** The variables of every step's template (the mapping serves them all), null without a template. */
  variables: readonly string[] | null;
  file: File | null;
  /** Recipients the campaign already has (0 for a new one). */
  savedRecipientCount: number;
  defaultUnsubscribeMessage: string;
  /** The mailboxes it sends from when the choice changed (empty: the default), else null. */
  mailboxIds?: number[] | null;
}

/** A saved campaign and, when a file was imported, its import report. */
export interface SaveOutcome {
  campaign: Campaign;
  report: ImportReport | null;
}

/**
 * Creates or updates the campaign, then imports the chosen CSV into it (docs/product.md §3). Those
 * checks run first, with their toasts. A failed import keeps the saved campaign: the caller
 * closes the editor anyway and the card offers Upload CSV again. Resolves to null when nothing
 * was saved.
 */
export function useSaveCampaign(campaignId: number | null) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  /** Fraction of the file sent (0–1) while uploading, else null. */
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const creating = campaignId === null;

  const save = async (input: SaveInput): Promise<SaveOutcome | null> => {
    const problem = submitProblem(input.draft, {
      variables: input.variables,
      hasRecipients: input.file !== null || input.savedRecipientCount > 0,
    });
    if (problem) {
      showToast({ title: 'Error', message: problem, tone: 'error' });
      return null;
    }

    setSaving(true);
    try {
      const body = saveBodyOf(input.draft, input.variables, input.defaultUnsubscribeMessage);
      let campaign: Campaign;
      try {
        campaign = creating
          ? await call(api.campaigns.create, { body })
          : await call(api.campaigns.update, {
              params: { id: campaignId },
              body: { ...body, id: campaignId },
            });
      } catch (error) {
        const fallback = creating ? 'Failed to create campaign' : 'Failed to update campaign';
        showToast({ title: 'Error', message: errorDetail(error, fallback), tone: 'error' });
        return null;
      }

      // Its own call, after the campaign exists: a refusal keeps the saved campaign and is told at the end.
      const mailboxProblem = input.mailboxIds ? await saveMailboxes(campaign.id, input.mailboxIds) : null;

      let report: ImportReport | null = null;
      if (input.file) {
        setUploadProgress(0);
        try {
          report = await uploadCsv(campaign.id, input.file, body.columnMapping ?? {}, setUploadProgress);
        } catch (error) {
          showToast({
            title: creating
              ? 'Campaign created but CSV upload failed'
              : 'Campaign updated but CSV upload failed',
            message: errorDetail(
              error,
              error instanceof Error ? error.message : 'The file could not be imported',
            ),
            tone: 'error',
          });
          return { campaign, report: null };
        } finally {
          setUploadProgress(null);
        }
      }
      if (mailboxProblem) {
        showToast({
          title: creating
            ? 'Campaign created but its mailboxes were not saved'
            : 'Campaign updated but its mailboxes were not saved',
          message: mailboxProblem,
          tone: 'error',
        });
        return { campaign, report };
      }
      showToast({
        title: creating ? 'Campaign created successfully' : 'Campaign updated successfully',
        message: report ? importSummary(report) : undefined,
        tone: 'success',
      });
      return { campaign, report };
    } finally {
      setSaving(false);
      // The list, the dashboard's counts, and the recipients a new file replaced.
      void refreshCampaignLists(queryClient);
    }
  };

  /** Saves the campaign's mailboxes and keeps the answer as its choice; the server's words on a refusal. */
  async function saveMailboxes(id: number, mailboxIds: number[]): Promise<string | null> {
    try {
      const reply = await call(api.mailboxes.setCampaignMailboxes, { params: { id }, body: { mailboxIds } });
      queryClient.setQueryData(campaignMailboxesQuery(id).queryKey, reply);
      return null;
    } catch (error) {
      return errorDetail(error, 'The mailboxes could not be saved. Choose them again in the campaign.');
    }
  }

  return { save, saving, uploadProgress };
}

export function importSummary({ imported, skipped }: ImportReport) {
  const recipients = `${imported.toLocaleString()} ${imported === 1 ? 'recipient' : 'recipients'} imported`;
  if (skipped === 0) return `${recipients}.`;
  return `${recipients}, ${skipped.toLocaleString()} ${skipped === 1 ? 'row' : 'rows'} skipped.`;
}

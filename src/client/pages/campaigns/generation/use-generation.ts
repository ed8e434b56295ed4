import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Campaign, GenerationEvent } from '../../../../contract/campaigns';
import { ApiError, errorDetail, redirectToLoginIfLoggedOut } from '../../../api';
import { showToast } from '../../../toast';
import { activeCampaignsQuery, refreshCampaignLists } from '../campaign-queries';
import { type GeneratingSet, markGenerating, reconcileGenerating, unmarkGenerating } from './generating-set';
import { followGeneration } from './generation-stream';

export interface GenerationProgress {
  progress: number;
  processed: number;
  total: number;
  currentRecipient: string | null;
}

/**
 * Generation as the Campaigns page sees it: starts it, follows each running campaign's event
 * stream (also ones started before this page opened, since the server keeps going when a page
 * closes) and keeps the local generating set. Lives on the page, so switching tabs or
 * closing the editor does not drop a stream.
 */
export function useGeneration() {
  const queryClient = useQueryClient();
  const { data: campaigns, dataUpdatedAt } = useQuery(activeCampaignsQuery);
  const [generating, setGenerating] = useState<GeneratingSet>(() => new Map());
  const [progress, setProgress] = useState<Record<number, GenerationProgress>>({});
  const streams = useRef(new Map<number, AbortController>());
  // Campaigns this page already followed, so a stale 'generating' status does not restart a finished stream.
  const followed = useRef(new Set<number>());

  const follow = useCallback(
    (campaign: Campaign) => {
      const id = campaign.id;
      if (streams.current.has(id)) return;
      const controller = new AbortController();
      streams.current.set(id, controller);
      followed.current.add(id);
      setGenerating((set) => markGenerating(set, id, Date.now()));
      setProgress((all) => ({ ...all, [id]: progressFromCampaign(campaign) }));

      const onEvent = (event: GenerationEvent) => {
        if (event.event === 'progress') {
          setProgress((all) => ({ ...all, [id]: event.data }));
          // A list fetched while the request was on its way may have dropped the mark; it is running.
          setGenerating((set) => markGenerating(set, id, Date.now()));
        } else if (event.event === 'complete') {
          showToast(completeToast(event.data));
        } else {
          showToast({ title: 'Error', message: event.data.message, tone: 'error' });
        }
      };

      void followGeneration(id, onEvent, controller.signal)
        .then((final) => {
          // The stream closed early; the server goes on, so the next list may pick it up again.
          if (!final) followed.current.delete(id);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          if (error instanceof ApiError) {
            if (!redirectToLoginIfLoggedOut(error)) {
              showToast({
                title: 'Error',
                message: errorDetail(error, 'Network response was not ok'),
                tone: 'error',
              });
            }
          } else {
            showToast({
              title: 'Error',
              message: error instanceof Error ? error.message : String(error),
              tone: 'error',
            });
          }
        })
        .finally(() => {
          if (streams.current.get(id) === controller) streams.current.delete(id);
          if (controller.signal.aborted) return;
          setGenerating((set) => unmarkGenerating(set, id));
          void refreshCampaignLists(queryClient);
        });
    },
    [queryClient],
  );

  useEffect(() => {
    if (campaigns) setGenerating((set) => reconcileGenerating(set, campaigns, dataUpdatedAt));
  }, [campaigns, dataUpdatedAt]);

  // Campaigns generating when the page opens (or started elsewhere) get their progress bar back.
  useEffect(() => {
    for (const campaign of campaigns ?? []) {
      if (campaign.status === 'generating' && !followed.current.has(campaign.id)) follow(campaign);
    }
  }, [campaigns, follow]);

  // Leaving the page closes the streams only; the server keeps generating.
  useEffect(() => {
    const open = streams.current;
    const seen = followed.current;
    return () => {
      for (const controller of open.values()) controller.abort();
      open.clear();
      seen.clear();
    };
  }, []);

  return {
    start: follow,
    isGenerating: (campaign: Campaign) => generating.has(campaign.id) || campaign.status === 'generating',
    progressOf: (campaign: Campaign): GenerationProgress =>
      progress[campaign.id] ?? progressFromCampaign(campaign),
  };
}

export type Generation = ReturnType<typeof useGeneration>;

function progressFromCampaign(campaign: Campaign): GenerationProgress {
  const total = campaign.generation.total || campaign.recipientCount;
  const processed = campaign.status === 'draft' ? 0 : Math.min(campaign.generation.processed, total);
  return {
    progress: total === 0 ? 0 : Math.round((processed / total) * 100),
    processed,
    total,
    currentRecipient: null,
  };
}

function completeToast({ processed, total, failed }: { processed: number; total: number; failed: number }) {
  const written = Math.max(processed - failed, 0);
  if (failed === 0) {
    return {
      title: 'Emails generated',
      message: `${emails(written)} ready to review.`,
      tone: 'success' as const,
    };
  }
  return {
    title: 'Emails generated',
    message: `${written} of ${emails(total)} ready to review; ${failed} could not be written.`,
    tone: 'info' as const,
  };
}

const emails = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'email' : 'emails'}`;

import { api } from '../../../../contract/api';
import type { ReplyOf } from '../../../../contract/route';
import { keyOf, queryOf } from '../../../api';

export type SequencePage = ReplyOf<typeof api.campaigns.sequence>;
export type SequenceRow = SequencePage['items'][number];

/** The prefix of every page of one campaign's sequence. */
export const sequenceKey = (campaignId: number) =>
  keyOf(api.campaigns.sequence, { params: { id: campaignId } });

/**
 * One page of a campaign's sequence. Follow-ups go out (or stop on a reply) in the background, so,
 * unlike the fetch-once default (docs/product.md §11), each opening reads it afresh.
 */
export function sequencePageQuery(campaignId: number, pageIndex: number, pageSize: number) {
  return {
    ...queryOf(api.campaigns.sequence, {
      params: { id: campaignId },
      query: { limit: pageSize, offset: pageIndex * pageSize },
    }),
    refetchOnMount: 'always' as const,
  };
}

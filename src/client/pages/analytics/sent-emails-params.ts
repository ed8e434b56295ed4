import type { z } from 'zod';
import type { SentEmailsQuery, sentEmailsOpenedFilter, sentEmailsSort } from '../../../contract/analytics';

export type SentEmailsSort = z.infer<typeof sentEmailsSort>;
export type OpenedFilter = z.infer<typeof sentEmailsOpenedFilter>;
export type SortOrder = 'asc' | 'desc';

/** What the Sent Emails table asks the server for: one page, sorted and filtered there. */
export interface SentEmailsParams {
  page: number;
  pageSize: number;
  sort: SentEmailsSort;
  order: SortOrder;
  /** Null: every campaign. */
  campaignId: number | null;
  opened: OpenedFilter;
}

export const SENT_EMAILS_PAGE_SIZE = 25;

/** Newest first, every campaign, opened or not. */
export const DEFAULT_SENT_EMAILS_PARAMS: SentEmailsParams = {
  page: 1,
  pageSize: SENT_EMAILS_PAGE_SIZE,
  sort: 'sentAt',
  order: 'desc',
  campaignId: null,
  opened: 'all',
};

/** The order a column starts in when first clicked: newest first for dates, A to Z for text. */
const FIRST_ORDER: Record<SentEmailsSort, SortOrder> = { sentAt: 'desc', subject: 'asc' };

/** The sent-emails query for these parameters; no campaign means every campaign. */
export function sentEmailsQueryOf(params: SentEmailsParams): Partial<SentEmailsQuery> {
  const { page, pageSize, sort, order, campaignId, opened } = params;
  return { page, pageSize, sort, order, campaignId: campaignId ?? undefined, opened };
}

/** A click on a sortable header: the same column flips its order, another starts in its own; back to page 1. */
export function toggleSort(params: SentEmailsParams, column: SentEmailsSort): SentEmailsParams {
  const order = params.sort === column ? (params.order === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[column];
  return { ...params, sort: column, order, page: 1 };
}

/** A changed filter: the old page number means nothing in the new result, so back to page 1. */
export function withFilter(
  params: SentEmailsParams,
  change: Partial<Pick<SentEmailsParams, 'campaignId' | 'opened'>>,
): SentEmailsParams {
  return { ...params, ...change, page: 1 };
}

/** How many pages `total` rows fill; 0 when there are none. */
export function pageCount(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 0;
  return Math.ceil(total / pageSize);
}

import type { z } from 'zod';
import type { sentEmailsOpenedFilter, sentEmailsSort } from '../../../contract/analytics';

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

/** GET /api/analytics/sent-emails for these parameters. */
export function sentEmailsUrl(params: SentEmailsParams): string {
  const search = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
    order: params.order,
  });
  if (params.campaignId !== null) search.set('campaignId', String(params.campaignId));
  search.set('opened', params.opened);
  return `/api/analytics/sent-emails?${search.toString()}`;
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

import { ANSWER_CATEGORIES, type AnswerCategory } from '../../../contract/answers';
import type { InboxQuery } from '../../../contract/inbox';

/** Answers a page of the inbox lists. */
export const INBOX_PAGE_SIZE = 50;

export type InboxStatus = InboxQuery['status'];
export type CategoryFilter = AnswerCategory | 'none';
export type AssigneeFilter = 'me' | 'nobody' | number;

/** Which answers the inbox lists, and which page of them. Null: no filter on that field. */
export interface InboxFilters {
  status: InboxStatus;
  category: CategoryFilter | null;
  campaignId: number | null;
  mailboxId: number | null;
  assignee: AssigneeFilter | null;
  /** From 1. */
  page: number;
}

export const DEFAULT_INBOX_FILTERS: InboxFilters = {
  status: 'all',
  category: null,
  campaignId: null,
  mailboxId: null,
  assignee: null,
  page: 1,
};

/**
 * The inbox's filters in the page's query string, e.g. `/inbox?status=unread&category=question`,
 * so a filtered inbox can be bookmarked or shared. Defaults are left out (a plain /inbox is every
 * answer) and a value that cannot be read falls back to its default rather than failing the page.
 */
const KEYS = {
  status: 'status',
  category: 'category',
  campaign: 'campaign',
  mailbox: 'mailbox',
  assignee: 'assignee',
  page: 'page',
} as const;

const STATUSES: readonly string[] = ['all', 'unread', 'read'];
const CATEGORIES: readonly string[] = [...ANSWER_CATEGORIES, 'none'];
const ID_MAX = 2_147_483_647;

/** A whole number from 1 to `max`, or null. */
function positiveInt(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** The filters as the query string gives them. */
export function inboxFiltersFromSearch(search: URLSearchParams): InboxFilters {
  const status = search.get(KEYS.status) ?? '';
  const category = search.get(KEYS.category) ?? '';
  const assignee = search.get(KEYS.assignee);
  return {
    status: STATUSES.includes(status) ? (status as InboxStatus) : 'all',
    category: CATEGORIES.includes(category) ? (category as CategoryFilter) : null,
    campaignId: positiveInt(search.get(KEYS.campaign), ID_MAX),
    mailboxId: positiveInt(search.get(KEYS.mailbox), ID_MAX),
    assignee: assignee === 'me' || assignee === 'nobody' ? assignee : positiveInt(assignee, ID_MAX),
    // Within the server's offset limit (contract/common), so a hand-edited link is never a 400.
    page: positiveInt(search.get(KEYS.page), 10_000_000 / INBOX_PAGE_SIZE) ?? 1,
  };
}

/** `search` with the filters written in; other keys of the page stay as they are. */
export function searchWithInboxFilters(search: URLSearchParams, filters: InboxFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  // Written afresh in one order, so the same inbox always has the same link.
  for (const key of Object.values(KEYS)) next.delete(key);
  const put = (key: string, value: string | number | null, fallback: string | number | null) => {
    if (value !== null && value !== fallback) next.append(key, String(value));
  };
  put(KEYS.status, filters.status, 'all');
  put(KEYS.category, filters.category, null);
  put(KEYS.campaign, filters.campaignId, null);
  put(KEYS.mailbox, filters.mailboxId, null);
  put(KEYS.assignee, filters.assignee, null);
  put(KEYS.page, filters.page, 1);
  return next;
}

/** Whether any filter narrows the list (the page does not count): "No answers match these filters". */
export function isFiltered(filters: InboxFilters): boolean {
  return (
    filters.status !== 'all' ||
    filters.category !== null ||
    filters.campaignId !== null ||
    filters.mailboxId !== null ||
    filters.assignee !== null
  );
}

/** A changed filter: the old page number means nothing in the new result, so back to page 1. */
export function withFilter(filters: InboxFilters, change: Partial<Omit<InboxFilters, 'page'>>): InboxFilters {
  return { ...filters, ...change, page: 1 };
}

/** GET /api/inbox's query for the filters; defaults are left out, so one inbox has one cache key. */
export function inboxQueryOf(filters: InboxFilters): Partial<InboxQuery> {
  return {
    limit: INBOX_PAGE_SIZE,
    offset: (filters.page - 1) * INBOX_PAGE_SIZE,
    status: filters.status === 'all' ? undefined : filters.status,
    category: filters.category ?? undefined,
    campaignId: filters.campaignId ?? undefined,
    mailboxId: filters.mailboxId ?? undefined,
    assignee: filters.assignee ?? undefined,
  };
}

/** How many pages `total` answers fill; 0 when there are none. */
export const pageCountOf = (total: number) => (total > 0 ? Math.ceil(total / INBOX_PAGE_SIZE) : 0);

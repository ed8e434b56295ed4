import { sentEmailsOpenedFilter, sentEmailsSort } from '../../../contract/analytics';
import { DEFAULT_SENT_EMAILS_PARAMS, type SentEmailsParams } from './sent-emails-params';

/**
 * The Sent Emails table's choices in the page's query string, e.g.
 * `/analytics?campaign=12&opened=opened&page=3`, so a reload or a shared link shows the same rows.
 * Defaults are left out (a plain /analytics is the default table) and a value that cannot be read
 * falls back to its default rather than failing the page. The page size is not the reader's choice.
 */
const KEYS = { campaign: 'campaign', opened: 'opened', page: 'page', sort: 'sort', order: 'order' } as const;

/** A whole number from 1 to `max`, or null. */
function positiveInt(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** The table's parameters as the query string gives them. */
export function sentEmailsParamsFromSearch(search: URLSearchParams): SentEmailsParams {
  const d = DEFAULT_SENT_EMAILS_PARAMS;
  const order = search.get(KEYS.order);
  return {
    ...d,
    // Within the server's own limits (contract/analytics), so a hand-edited link is never a 400.
    page: positiveInt(search.get(KEYS.page), 100_000) ?? d.page,
    campaignId: positiveInt(search.get(KEYS.campaign), 2_147_483_647),
    opened: sentEmailsOpenedFilter.safeParse(search.get(KEYS.opened)).data ?? d.opened,
    sort: sentEmailsSort.safeParse(search.get(KEYS.sort)).data ?? d.sort,
    order: order === 'asc' || order === 'desc' ? order : d.order,
  };
}

/** `search` with the table's parameters written in; other keys of the page stay as they are. */
export function searchWithSentEmailsParams(
  search: URLSearchParams,
  params: SentEmailsParams,
): URLSearchParams {
  const next = new URLSearchParams(search);
  // Written afresh in one order, so the same table always has the same link.
  for (const key of Object.values(KEYS)) next.delete(key);
  const d = DEFAULT_SENT_EMAILS_PARAMS;
  const put = (key: string, value: string | number | null, fallback: string | number | null) => {
    if (value !== null && value !== fallback) next.append(key, String(value));
  };
  put(KEYS.campaign, params.campaignId, null);
  put(KEYS.opened, params.opened, d.opened);
  put(KEYS.sort, params.sort, d.sort);
  put(KEYS.order, params.order, d.order);
  put(KEYS.page, params.page, d.page);
  return next;
}

/** Emails fetched per request: small enough to stay fast at 10,000 emails, large enough to page rarely. */
export const EMAIL_PAGE_SIZE = 50;

/** How close to a page's edge the neighbouring page is fetched ahead, so Next rarely waits. */
const PREFETCH_MARGIN = 10;

/** Which page holds the email at `index` (0-based), and where in that page it sits. */
export function locate(index: number, pageSize = EMAIL_PAGE_SIZE) {
  const page = Math.floor(index / pageSize);
  return { page, offset: page * pageSize, position: index - page * pageSize };
}

/** Keeps an index inside 0..total-1 (0 when there is nothing), e.g. after emails disappear. */
export function clampIndex(index: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(Math.max(0, index), total - 1);
}

/** The neighbouring pages worth fetching ahead while the user reads email `index` of `total`. */
export function pagesToPrefetch(index: number, total: number, pageSize = EMAIL_PAGE_SIZE): number[] {
  const { page, position } = locate(index, pageSize);
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  const pages: number[] = [];
  if (position >= pageSize - PREFETCH_MARGIN && page < lastPage) pages.push(page + 1);
  if (position < PREFETCH_MARGIN && page > 0) pages.push(page - 1);
  return pages;
}

/**
 * The first index after `from` whose email matches, reading the list a page at a time through
 * `readPage` (which may answer from the cache); null when none up to the end of the list does.
 */
export async function findNextIndex<T>(
  from: number,
  total: number,
  readPage: (page: number) => Promise<readonly T[]>,
  matches: (item: T) => boolean,
  pageSize = EMAIL_PAGE_SIZE,
): Promise<number | null> {
  for (let index = from + 1; index < total; ) {
    const { page, offset, position } = locate(index, pageSize);
    const items = await readPage(page);
    const found = items.slice(position).findIndex(matches);
    if (found >= 0) return index + found;
    // A short page means the list ended sooner than `total` said (emails left it meanwhile).
    if (items.length < pageSize) return null;
    index = offset + pageSize;
  }
  return null;
}

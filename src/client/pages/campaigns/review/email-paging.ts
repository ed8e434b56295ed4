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

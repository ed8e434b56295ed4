/**
 * Opens that an image proxy fetched rather than a person reading (docs/product.md §7): Apple Mail Privacy
 * Protection and Google's and Yahoo's image proxies load every pixel, so their hits overcount.
 */

/** User-agent fragments only proxies send. */
const PROXY_MARKERS = ['GoogleImageProxy', 'via ggpht.com', 'YahooMailProxy'];

/** Apple's proxy sends exactly this and nothing else; real browsers and mail clients add more tokens. */
const BARE_MOZILLA = 'Mozilla/5.0';

/** A fetch this soon after sending is a prefetch at delivery; nobody has read the email yet. */
export const PREFETCH_WINDOW_MS = 2_000;

export function isMachineOpen(userAgent: string | null | undefined, openedAt: Date, sentAt: Date | null) {
  if (sentAt && openedAt.getTime() - sentAt.getTime() < PREFETCH_WINDOW_MS) return true;
  const ua = userAgent?.trim() ?? '';
  // Every mail client that renders images sends a user agent; scanners and fetchers often do not.
  if (ua === '') return true;
  if (ua === BARE_MOZILLA) return true;
  return PROXY_MARKERS.some((marker) => ua.includes(marker));
}

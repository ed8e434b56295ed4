/**
 * docs/product.md §8: the opened rate (a percentage 0–100) with one decimal and a percent sign, e.g.
 * "42.5%".
 */
export function formatOpenedRate(rate: number | null | undefined): string {
  const value = typeof rate === 'number' && Number.isFinite(rate) ? rate : 0;
  return `${value.toFixed(1)}%`;
}

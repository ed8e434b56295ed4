import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../contract/api';
import type { Campaign } from '../../../../contract/campaigns';
import { queryOf } from '../../../api';

/**
 * The CSV columns of a campaign's imported recipients (each keeps its whole row), so an edit
 * can remap variables without choosing the file again. Null while unknown or without recipients.
 */
export function useSavedColumns(campaign: Campaign | null): string[] | null {
  const id = campaign?.id;
  const { data } = useQuery({
    ...queryOf(api.campaigns.recipients, { params: { id: id ?? 0 }, query: { limit: 1 } }),
    enabled: id !== undefined && (campaign?.recipientCount ?? 0) > 0,
    // Another upload replaces the recipients; ask afresh each time the editor opens.
    staleTime: 0,
    gcTime: 0,
  });
  const first = data?.items[0];
  if (!campaign || !first) return null;
  // Mapped columns too, so a saved choice always has its option. The stored row does not keep the
  // file's column order, so sort them for a predictable list.
  const columns = new Set([...Object.keys(first.data), ...Object.values(campaign.columnMapping)]);
  return [...columns].sort((a, b) => a.localeCompare(b));
}

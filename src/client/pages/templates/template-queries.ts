import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { keyOf, queryOf } from '../../api';

export const activeTemplatesQuery = queryOf(api.templates.list);
export const archivedTemplatesQuery = queryOf(api.templates.archived);

/** After any template change: both lists, and the dashboard's template count. */
export function refreshTemplateLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: activeTemplatesQuery.queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: archivedTemplatesQuery.queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: keyOf(api.dashboardStats) }),
  ]);
}

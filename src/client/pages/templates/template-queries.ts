import type { QueryClient } from '@tanstack/react-query';

export const ACTIVE_TEMPLATES_KEY = ['/api/templates'] as const;
export const ARCHIVED_TEMPLATES_KEY = ['/api/templates/archived'] as const;

/** After any template change: both lists, and the dashboard's template count. */
export function refreshTemplateLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ACTIVE_TEMPLATES_KEY, exact: true }),
    queryClient.invalidateQueries({ queryKey: ARCHIVED_TEMPLATES_KEY, exact: true }),
    queryClient.invalidateQueries({ queryKey: ['/api/dashboard/stats'] }),
  ]);
}

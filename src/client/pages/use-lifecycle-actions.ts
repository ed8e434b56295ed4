import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { api } from '../../contract/api';
import { call, errorDetail } from '../api';
import { showToast } from '../toast';

type Action = 'archive' | 'restore' | 'delete';
const PAST: Record<Action, string> = { archive: 'archived', restore: 'restored', delete: 'deleted' };

/**
 * Archive, restore and permanent delete of a template or campaign (both have the same
 * calls), each with its toast and a refresh of the lists.
 */
export function useLifecycleActions<T extends { id: number }>(options: {
  /** The calls of the collection: templates or campaigns. */
  routes: typeof api.templates | typeof api.campaigns;
  noun: string;
  refresh: (queryClient: QueryClient) => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const lower = options.noun.toLowerCase();
  const mutation = useMutation({
    mutationFn: ({ action, item }: { action: Action; item: T }) =>
      call(action === 'delete' ? options.routes.remove : options.routes[action], { params: { id: item.id } }),
    onSuccess: async (_reply, { action }) => {
      showToast({ title: `${options.noun} ${PAST[action]}`, tone: 'success' });
      await options.refresh(queryClient);
    },
    onError: (error, { action }) =>
      showToast({
        title: 'Error',
        message: errorDetail(error, `Failed to ${action} ${lower}`),
        tone: 'error',
      }),
  });

  // Resolves to whether it worked; failures are already reported by the toast above.
  const run = (action: Action) => (item: T) =>
    mutation.mutateAsync({ action, item }).then(
      () => true,
      () => false,
    );
  return {
    archive: run('archive'),
    restore: run('restore'),
    remove: run('delete'),
    /** The item being changed right now, to show a loader on its card or dialog. */
    pendingId: mutation.isPending ? mutation.variables?.item.id : undefined,
  };
}

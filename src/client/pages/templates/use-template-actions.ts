import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Template } from '../../../contract/templates';
import { apiRequest, errorDetail } from '../../api';
import { showToast } from '../../components/toast';
import { refreshTemplateLists } from './template-queries';

type Action = 'archive' | 'restore' | 'delete';

const SUCCESS: Record<Action, string> = {
  archive: 'Template archived',
  restore: 'Template restored',
  delete: 'Template deleted',
};

const FAILURE: Record<Action, string> = {
  archive: 'Failed to archive template',
  restore: 'Failed to restore template',
  delete: 'Failed to delete template',
};

/** Archive, restore and permanent delete, each with its toast and a refresh of the lists. */
export function useTemplateActions() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ action, template }: { action: Action; template: Template }) =>
      action === 'delete'
        ? apiRequest(`/api/templates/${template.id}`, { method: 'DELETE' })
        : apiRequest(`/api/templates/${template.id}/${action}`, { method: 'POST' }),
    onSuccess: async (_reply, { action }) => {
      showToast({ title: SUCCESS[action], tone: 'success' });
      await refreshTemplateLists(queryClient);
    },
    onError: (error, { action }) =>
      showToast({ title: 'Error', message: errorDetail(error, FAILURE[action]), tone: 'error' }),
  });

  // Resolves to whether it worked; failures are already reported by the toast above.
  const run = (action: Action) => (template: Template) =>
    mutation.mutateAsync({ action, template }).then(
      () => true,
      () => false,
    );
  return {
    archive: run('archive'),
    restore: run('restore'),
    remove: run('delete'),
    /** The template being changed right now, to show a loader on its card or dialog. */
    pendingId: mutation.isPending ? mutation.variables?.template.id : undefined,
  };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../contract/api';
import { call, errorDetail } from '../../../api';
import { showToast } from '../../../toast';
import { refreshTemplateLists } from '../template-queries';
import { draftProblem, saveBodyOf, type TemplateDraft } from './template-draft';

/**
 * Creates or updates a template. The docs/product.md §2 checks run here first, so the user gets the message
 * at once; the server checks the same rules again. Resolves to whether the template was saved.
 */
export function useSaveTemplate(templateId: number | null) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (draft: TemplateDraft) => {
      const body = saveBodyOf(draft);
      return templateId === null
        ? call(api.templates.create, { body })
        : call(api.templates.update, { params: { id: templateId }, body: { ...body, id: templateId } });
    },
    onSuccess: async () => {
      showToast({ title: templateId === null ? 'Template created' : 'Template updated', tone: 'success' });
      await refreshTemplateLists(queryClient);
    },
    onError: (error) =>
      showToast({ title: 'Error', message: errorDetail(error, 'Failed to save template'), tone: 'error' }),
  });

  const save = async (draft: TemplateDraft): Promise<boolean> => {
    const problem = draftProblem(draft);
    if (problem) {
      showToast({ title: 'Error', message: problem, tone: 'error' });
      return false;
    }
    return mutation.mutateAsync(draft).then(
      () => true,
      () => false,
    );
  };

  return { save, saving: mutation.isPending };
}

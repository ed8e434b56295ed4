import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../contract/api';
import { call, redirectToLoginIfLoggedOut } from '../../../api';
import { showToast } from '../../../toast';
import type { ColumnMapping } from '../column-mapping';

export const AUTOMAP_NEEDS_INPUT = 'Please select a template and upload a CSV file first.';

/**
 * AI Automap: the server maps variables to columns (rules first, then AI when configured).
 * `onMapped` receives its mapping; variables it could not match are left out of it.
 */
export function useAutomap(
  variables: readonly string[] | null,
  columns: readonly string[],
  onMapped: (mapping: ColumnMapping) => void,
) {
  const mutation = useMutation({
    mutationFn: (body: { variables: string[]; columns: string[] }) => call(api.campaigns.automap, { body }),
    onSuccess: ({ mapping }, { variables: asked }) => {
      onMapped(mapping);
      const mapped = asked.filter((variable) => mapping[variable]).length;
      showToast({
        title: 'Columns mapped',
        message: `${mapped} of ${asked.length} variables matched a column. Check the choices before saving.`,
        tone: 'success',
      });
    },
    onError: (error) => {
      if (!redirectToLoginIfLoggedOut(error)) {
        showToast({ title: 'Error', message: 'Failed to automap columns', tone: 'error' });
      }
    },
  });

  const run = () => {
    if (!variables || variables.length === 0 || columns.length === 0) {
      showToast({ title: 'Error', message: AUTOMAP_NEEDS_INPUT, tone: 'error' });
      return;
    }
    mutation.mutate({ variables: [...variables], columns: [...columns] });
  };

  return { run, mapping: mutation.isPending };
}

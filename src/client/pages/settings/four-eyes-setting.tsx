import { Switch } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import type { WorkspaceMembership } from '../../../contract/workspaces';
import { call, errorDetail, keyOf } from '../../api';
import { useCurrentWorkspace } from '../../session/use-current-workspace';
import { showToast } from '../../toast';

const EXPLANATION =
  'Every email then needs approving by someone other than the person who wrote it or last edited it.';

/**
 * Four-eyes approval, the workspace's setting: owners turn it on or off; everyone else sees whether
 * it is on. Saved at once; the workspace is read again, so the review holds back what this person
 * wrote from then on.
 */
export function FourEyesSetting() {
  const { current } = useCurrentWorkspace();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (fourEyes: boolean) => call(api.workspaces.update, { body: { fourEyes } }),
    // The list shows the saved value at once (no flicker back while it is read again), then is read again.
    onSuccess: (_saved, fourEyes) => {
      queryClient.setQueryData(keyOf(api.workspaces.list), (list: WorkspaceMembership[] | undefined) =>
        list?.map((w) => (w.id === current?.id ? { ...w, fourEyes } : w)),
      );
      return queryClient.invalidateQueries({ queryKey: keyOf(api.workspaces.list) });
    },
    onError: (error) =>
      showToast({ title: errorDetail(error, 'Could not change the setting'), tone: 'error' }),
  });
  if (!current) return null;
  const isOwner = current.role === 'owner';
  // While saving, the switch shows what was asked for, not what the server had.
  const on = save.isPending ? save.variables : current.fourEyes;
  return (
    <Switch
      label="Second pair of eyes on every email"
      description={isOwner ? EXPLANATION : `${EXPLANATION} Only an owner can change this.`}
      checked={on}
      disabled={!isOwner || save.isPending}
      onChange={(event) => save.mutate(event.currentTarget.checked)}
    />
  );
}

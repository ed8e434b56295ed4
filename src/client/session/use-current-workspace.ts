import { useQuery } from '@tanstack/react-query';
import { api } from '../../contract/api';
import { queryOf } from '../api';
import { currentWorkspaceId } from '../workspace';

/**
 * This tab's workspace and the person's role in it (undefined while loading), and all their
 * workspaces. A tab without a workspace in its address works in the first: the person's own.
 */
export function useCurrentWorkspace() {
  const { data: workspaces } = useQuery(queryOf(api.workspaces.list));
  const current = workspaces?.find((w) => w.id === currentWorkspaceId) ?? workspaces?.[0];
  return { current, workspaces };
}

import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../contract/api';
import { queryOf, readOnEachVisit } from '../../../api';
import { useCurrentUser } from '../../../session/use-current-user';
import { useCurrentWorkspace } from '../../../session/use-current-workspace';

/** Who is reviewing, and in what kind of workspace. */
export interface Reviewer {
  /** The signed-in person; null while unknown. */
  userId: number | null;
  /** Four-eyes approval is on: nobody approves what they wrote or last edited. */
  fourEyes: boolean;
  /** The workspace has more than one member: the review names who wrote, edited and approved. */
  inTeam: boolean;
}

/**
 * The reviewer and their workspace as the review needs them. The workspace and its members are read
 * again as the review opens (unless read a moment ago), so an owner's change to four-eyes approval,
 * or a new member, shows without loading the app anew.
 */
export function useReviewer(): Reviewer {
  const { user } = useCurrentUser();
  useQuery({ ...queryOf(api.workspaces.list), refetchOnMount: readOnEachVisit });
  const { current } = useCurrentWorkspace();
  const { data: members } = useQuery({
    ...queryOf(api.workspaces.members),
    refetchOnMount: readOnEachVisit,
  });
  return {
    userId: user?.id ?? null,
    fourEyes: current?.fourEyes ?? false,
    inTeam: (members?.length ?? 0) > 1,
  };
}

import type { Email } from '../../../../contract/campaigns';
import { FOUR_EYES_MESSAGE } from '../../../../contract/workspaces';
import { APPROVAL_BLOCKED_HINT, approvalBlocked } from './email-findings';
import type { Reviewer } from './use-reviewer';

type Approvable = Pick<Email, 'isApproved' | 'findings' | 'findingsDismissed' | 'authorship'>;

/**
 * Why this person may not approve the email now, in the words the Approve button and its key show;
 * null when they may. The server refuses the same approvals; withdrawing one is never refused.
 */
export function approvalRefusal(email: Approvable, reviewer: Pick<Reviewer, 'userId' | 'fourEyes'>) {
  if (email.isApproved) return null;
  if (approvalBlocked(email)) return APPROVAL_BLOCKED_HINT;
  const wroteIt = reviewer.userId !== null && email.authorship?.writerId === reviewer.userId;
  if (reviewer.fourEyes && wroteIt) return FOUR_EYES_MESSAGE;
  return null;
}

import type { RefObject } from 'react';
import type { Email } from '../../../../contract/campaigns';
import { errorDetail } from '../../../api';
import { showToast } from '../../../toast';
import type { EmailActions } from '../emails/use-email-actions';
import { APPROVAL_BLOCKED_HINT, approvalBlocked, hasFindings } from './email-findings';
import { canApprove, canEdit } from './email-status';
import { useReviewKeys } from './use-review-keys';

interface ReviewShortcuts {
  root: RefObject<HTMLElement | null>;
  /** Off while an email is edited or a dialog is open on top of the review. */
  enabled: boolean;
  /** The email shown, at `index`; undefined while it loads. */
  email: Email | undefined;
  index: number;
  /** A finding filter is on: an approved or dismissed email leaves the list. */
  filtered: boolean;
  actions: Pick<EmailActions, 'setApproved' | 'dismissFindings'>;
  findNext: (from: number, matches: (email: Email) => boolean) => Promise<number | null>;
  /** Goes from `from` to `to`, unless the user moved on meanwhile; the email shown then takes the focus. */
  move: (from: number, to: number) => void;
  onEdit: () => void;
  onHelp: () => void;
}

/** What the review's keys do to the email shown (the keys themselves: useReviewKeys). */
export function useReviewShortcuts({
  root,
  enabled,
  email,
  index,
  filtered,
  actions,
  findNext,
  move,
  onEdit,
  onHelp,
}: ReviewShortcuts) {
  const approve = () => {
    if (!email || !canApprove(email) || actions.setApproved.isPending) return;
    if (approvalBlocked(email)) {
      showToast({ title: 'Not approved', message: APPROVAL_BLOCKED_HINT, tone: 'error' });
      return;
    }
    const approving = !email.isApproved;
    actions.setApproved.mutateAsync({ id: email.id, isApproved: approving }).then(
      // The whole queue keeps its order, so the next email is a step on; a filtered list loses the
      // approved email and the next one slides into its place. Withdrawing stays on the email.
      () => move(index, approving && !filtered ? index + 1 : index),
      // The action's toast has told why.
      () => {},
    );
  };

  const skip = () => {
    findNext(index, (e) => !e.isApproved && canApprove(e)).then(
      (found) => found !== null && move(index, found),
      (failure: unknown) =>
        showToast({
          title: 'Error',
          message: errorDetail(failure, 'Could not read the next emails'),
          tone: 'error',
        }),
    );
  };

  useReviewKeys(root, enabled, {
    next: () => move(index, index + 1),
    previous: () => move(index, index - 1),
    approve,
    edit: () => {
      if (email && canEdit(email)) onEdit();
    },
    skip,
    dismiss: () => {
      if (!email || !canEdit(email) || !hasFindings(email) || email.findingsDismissed) return;
      actions.dismissFindings.mutate({ id: email.id, findingsDismissed: true });
    },
    help: onHelp,
  });
}

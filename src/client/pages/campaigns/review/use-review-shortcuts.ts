import type { RefObject } from 'react';
import type { Email } from '../../../../contract/campaigns';
import { errorDetail } from '../../../api';
import { showToast } from '../../../toast';
import type { EmailActions } from '../emails/use-email-actions';
import { approvalRefusal } from './approval-refusal';
import { hasFindings } from './email-findings';
import { canApprove, canEdit } from './email-status';
import type { Cursor } from './use-review-cursor';
import { useReviewKeys } from './use-review-keys';
import type { Reviewer } from './use-reviewer';

interface ReviewShortcuts {
  root: RefObject<HTMLElement | null>;
  /** Off while an email is edited or a dialog is open on top of the review. */
  enabled: boolean;
  /** The email shown; undefined while it loads. */
  email: Email | undefined;
  /** Where the review is when a key is pressed. */
  cursor: Cursor;
  /** The email shown has left the list (a filter no longer keeps it) and is held until the person moves on. */
  held: boolean;
  actions: Pick<EmailActions, 'setApproved' | 'dismissFindings'>;
  /** Who presses the keys: under four-eyes approval, A does not approve what they wrote. */
  reviewer: Reviewer;
  findNext: (from: number, matches: (email: Email) => boolean) => Promise<number | null>;
  /** Moves from `from` by one, unless the user moved on meanwhile; the email shown then takes the focus. */
  step: (from: Cursor, delta: 1 | -1) => void;
  /** Goes from `from` to the email at an index, unless the user moved on meanwhile. */
  goTo: (from: Cursor, index: number) => void;
  onEdit: () => void;
  onHelp: () => void;
}

/**
 * What the review's keys do to the email shown (the keys themselves: useReviewKeys). Each acts on the
 * email on screen, which stays there until the person moves on, even in a filtered list it has left.
 */
export function useReviewShortcuts({
  root,
  enabled,
  email,
  cursor,
  held,
  actions,
  reviewer,
  findNext,
  step,
  goTo,
  onEdit,
  onHelp,
}: ReviewShortcuts) {
  const approve = () => {
    if (!email || !canApprove(email) || actions.setApproved.isPending) return;
    const refusal = approvalRefusal(email, reviewer);
    if (refusal) {
      showToast({ title: 'Not approved', message: refusal, tone: 'error' });
      return;
    }
    const approving = !email.isApproved;
    const from = cursor;
    actions.setApproved.mutateAsync({ id: email.id, isApproved: approving }).then(
      // Approving goes on to the next email (in a filtered list, the one after the approved email,
      // wherever the list moves it); withdrawing stays on the email.
      () => approving && step(from, 1),
      // The action's toast has told why.
      () => {},
    );
  };

  const skip = () => {
    const from = cursor;
    // From a held email, the one that slid into its place is not read yet.
    findNext(held ? from.index - 1 : from.index, (e) => !e.isApproved && canApprove(e)).then(
      (found) => found !== null && goTo(from, found),
      (failure: unknown) =>
        showToast({
          title: 'Error',
          message: errorDetail(failure, 'Could not read the next emails'),
          tone: 'error',
        }),
    );
  };

  useReviewKeys(root, enabled, {
    next: () => step(cursor, 1),
    previous: () => step(cursor, -1),
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

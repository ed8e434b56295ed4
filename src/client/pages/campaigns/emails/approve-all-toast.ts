import type { z } from 'zod';
import type { approveAllReply } from '../../../../contract/emails';
import type { ToastOptions } from '../../../toast';
import { emailCount } from './send-toasts';

type ApproveAllReply = z.infer<typeof approveAllReply>;

/** Which Approve All the user chose: by step ("Approve all of step 2"), or only emails without findings. */
export interface ApproveAllChoice {
  step?: number;
  withoutFindings?: boolean;
}

/**
 * After an Approve All: how many were approved, how many wait for someone else's approval because
 * this person wrote them (four-eyes approval), and how many the server left for the user to read
 * (with findings or not checked yet, or with high-severity findings), so none is mistaken for approved.
 */
export function approveAllToast(
  { approved, held, heldForOthers }: ApproveAllReply,
  choice: ApproveAllChoice,
): ToastOptions {
  // "All" only when nothing was left behind.
  const all = held === 0 ? 'All emails' : 'Emails';
  const title =
    approved === 0 && held > 0
      ? 'No emails approved'
      : choice.withoutFindings
        ? 'Emails without findings approved'
        : choice.step === undefined
          ? `${all} approved`
          : `${all} of step ${choice.step} approved`;
  const toRead = held - heldForOthers;
  const forOthers =
    heldForOthers === 0
      ? ''
      : ` ${emailCount(heldForOthers)} held for someone else's approval: you wrote ${heldForOthers === 1 ? 'it' : 'them'}.`;
  const left =
    toRead === 0
      ? ''
      : choice.withoutFindings
        ? ` ${emailCount(toRead)} left for you to read: they have findings or are still being checked.`
        : ` ${emailCount(toRead)} with high-severity findings left for you to read.`;
  return {
    title,
    message: `${emailCount(approved)} approved.${forOthers}${left}`,
    tone: approved === 0 && held > 0 ? 'info' : 'success',
  };
}

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
 * After an Approve All: how many were approved, and how many the server left for the user to read
 * (with findings or not checked yet, or with high-severity findings), so none is mistaken for approved.
 */
export function approveAllToast({ approved, held }: ApproveAllReply, choice: ApproveAllChoice): ToastOptions {
  // "All" only when nothing was left behind.
  const all = held === 0 ? 'All emails' : 'Emails';
  const title = choice.withoutFindings
    ? 'Emails without findings approved'
    : choice.step === undefined
      ? `${all} approved`
      : `${all} of step ${choice.step} approved`;
  const left =
    held === 0
      ? ''
      : choice.withoutFindings
        ? ` ${emailCount(held)} left for you to read: they have findings or are still being checked.`
        : ` ${emailCount(held)} with high-severity findings left for you to read.`;
  return { title, message: `${emailCount(approved)} approved.${left}`, tone: 'success' };
}

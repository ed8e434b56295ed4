import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../contract/api';
import { call, errorDetail, redirectToLoginIfLoggedOut } from '../../../api';
import { formatZonedDateTime } from '../../../format-zoned-time';
import { showToast, type ToastOptions } from '../../../toast';
import { refreshAfterEmailChange } from '../emails/email-queries';
import { emailCount } from '../emails/send-toasts';

/**
 * The Scheduled Emails dialog's "Unschedule selected" and "Reschedule selected…", each with its
 * toast. The server counts only emails still scheduled: one that went out meanwhile is left as it
 * is, and the toast says so rather than claiming every selected email changed.
 */
export function useBulkScheduleActions() {
  const queryClient = useQueryClient();
  const onError = (fallback: string) => (error: unknown) => {
    if (!redirectToLoginIfLoggedOut(error))
      showToast({ title: 'Error', message: errorDetail(error, fallback), tone: 'error' });
  };
  const onSuccess = (toast: ToastOptions) => {
    showToast(toast);
    return refreshAfterEmailChange(queryClient);
  };

  return {
    unschedule: useMutation({
      mutationFn: (ids: number[]) => call(api.emails.unscheduleMany, { body: { ids } }),
      onSuccess: ({ unscheduled }, ids) =>
        onSuccess({
          title: `${emailCount(unscheduled)} unscheduled`,
          message: `Back in their campaigns as drafts.${notChanged(ids.length - unscheduled)}`,
          tone: 'success',
        }),
      onError: onError('Failed to unschedule the emails'),
    }),
    reschedule: useMutation({
      mutationFn: ({ ids, scheduledFor }: { ids: number[]; scheduledFor: string }) =>
        call(api.emails.rescheduleMany, { body: { ids, scheduledFor } }),
      onSuccess: ({ rescheduled, keptDueTime }, { ids, scheduledFor }) =>
        onSuccess({
          title: `${emailCount(rescheduled)} rescheduled`,
          message: `Now scheduled for ${formatZonedDateTime(scheduledFor)}.${keptDue(keptDueTime)}${notChanged(ids.length - rescheduled)}`,
          tone: 'success',
        }),
      onError: onError('Failed to reschedule the emails'),
    }),
  };
}

/** Follow-ups wait their sequence's delay after the email before them, whatever time is asked. */
function keptDue(count: number) {
  if (count === 0) return '';
  return count === 1
    ? ' 1 follow-up keeps its later due time, so its sequence keeps its delay.'
    : ` ${count} follow-ups keep their later due times, so their sequences keep their delays.`;
}

function notChanged(left: number) {
  return left > 0 ? ` ${emailCount(left)} had already left the schedule and did not change.` : '';
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../contract/api';
import type { UpdateEmailBody } from '../../../../contract/emails';
import { call, errorDetail, redirectToLoginIfLoggedOut } from '../../../api';
import { formatDateTime } from '../../../format-date';
import { showToast, type ToastOptions } from '../../../toast';
import { type ApproveAllChoice, approveAllToast } from './approve-all-toast';
import { patchCachedEmail, refreshAfterEmailChange } from './email-queries';
import { emailCount, sendApprovedToast, sendEmailToast } from './send-toasts';

/**
 * Every change the review and scheduled dialogs make to emails, each with its toast. A 401 logs the
 * user out as docs/product.md §1 says; other failures show the server's words. Afterwards the cached pages,
 * the campaign list, daily stats and dashboard counts are refreshed.
 */
export function useEmailActions() {
  const queryClient = useQueryClient();

  /**
   * `settledOnReply`: the change is one email's and its reply is already in the cached pages, so the
   * action is done then, while the counts and lists are read again behind it. A reviewer working
   * through the queue by keyboard (approve, next; save, approve) is not held up by the refresh.
   */
  function action<Vars, Result>(
    run: (vars: Vars) => Promise<Result>,
    fallback: string,
    toastOf: (result: Result, vars: Vars) => ToastOptions | null,
    { settledOnReply = false } = {},
  ) {
    return {
      mutationFn: run,
      onSuccess: async (result: Result, vars: Vars) => {
        const toast = toastOf(result, vars);
        if (toast) showToast(toast);
        const refreshed = refreshAfterEmailChange(queryClient);
        if (!settledOnReply) await refreshed;
      },
      onError: (error: unknown) => {
        if (!redirectToLoginIfLoggedOut(error)) {
          showToast({ title: 'Error', message: errorDetail(error, fallback), tone: 'error' });
        }
      },
    };
  }

  /** PUT /api/emails/:id; the reply goes straight into the cached pages. */
  const update = async (id: number, body: UpdateEmailBody) => {
    const email = await call(api.emails.update, { params: { id }, body });
    patchCachedEmail(queryClient, email);
    return email;
  };

  return {
    edit: useMutation(
      action(
        ({ id, subject, body }: { id: number; subject: string; body: string }) =>
          update(id, { subject, body, isEdited: true }),
        'Failed to update email',
        () => ({ title: 'Email updated', message: 'Your changes are saved.', tone: 'success' }),
        { settledOnReply: true },
      ),
    ),
    // No toast: approving is done email after email, and the badge and progress bar already change.
    setApproved: useMutation(
      action(
        ({ id, isApproved }: { id: number; isApproved: boolean }) => update(id, { isApproved }),
        'Failed to update approval',
        () => null,
        { settledOnReply: true },
      ),
    ),
    // No toast either: the findings panel folds away, or opens again on Undo.
    dismissFindings: useMutation(
      action(
        ({ id, findingsDismissed }: { id: number; findingsDismissed: boolean }) =>
          update(id, { findingsDismissed }),
        'Failed to update the findings',
        () => null,
        { settledOnReply: true },
      ),
    ),
    reschedule: useMutation(
      action(
        ({ id, scheduledFor }: { id: number; scheduledFor: string }) => update(id, { scheduledFor }),
        'Failed to update scheduled email',
        (email) => ({
          title: 'Scheduled email updated',
          message: `Now scheduled for ${formatDateTime(email.scheduledFor)}.`,
          tone: 'success',
        }),
      ),
    ),
    unschedule: useMutation(
      action(
        ({ id }: { id: number }) => update(id, { status: 'draft', scheduledFor: null }),
        'Failed to delete scheduled email',
        () => ({
          title: 'Scheduled email deleted',
          message: 'It will not be sent and is back in its campaign as a draft.',
          tone: 'success',
        }),
      ),
    ),
    send: useMutation(
      action(
        ({ id, scheduledFor = null }: { id: number; scheduledFor?: string | null }) =>
          call(api.emails.send, { params: { id }, body: scheduledFor ? { scheduledFor } : {} }),
        'Failed to send email',
        (reply, { scheduledFor = null }) => sendEmailToast(reply, scheduledFor),
      ),
    ),
    sendTest: useMutation(
      action(
        ({ id }: { id: number }) => call(api.emails.test, { params: { id } }),
        'Failed to send test email',
        ({ sentTo }) => ({ title: 'Test email sent', message: `A copy went to ${sentTo}.`, tone: 'success' }),
      ),
    ),
    resolve: useMutation(
      action(
        ({ id, action: choice }: { id: number; action: 'mark-sent' | 'resend' }) =>
          call(api.emails.resolve, { params: { id }, body: { action: choice } }),
        'Failed to update email',
        (_email, { action: choice }) =>
          choice === 'mark-sent'
            ? { title: 'Email marked as sent', tone: 'success' }
            : { title: 'Email sent', message: 'Your email is on its way.', tone: 'success' },
      ),
    ),
    // With `step`, only that step's emails ("Approve all of step 2"); with `withoutFindings`, only drafts
    // the checks found nothing in; with neither, every email (no body, as before either existed).
    approveAll: useMutation(
      action(
        ({ campaignId, step, withoutFindings }: { campaignId: number } & ApproveAllChoice) => {
          const body = {
            ...(step === undefined ? {} : { step }),
            ...(withoutFindings ? { withoutFindings } : {}),
          };
          return call(api.campaigns.approveAll, {
            params: { id: campaignId },
            body: Object.keys(body).length === 0 ? undefined : body,
          });
        },
        'Failed to approve emails',
        approveAllToast,
      ),
    ),
    // Rewrites one step's emails still in review; the campaign goes back to generating meanwhile.
    regenerateStep: useMutation(
      action(
        ({ campaignId, step }: { campaignId: number; step: number }) =>
          call(api.campaigns.regenerateStep, { params: { id: campaignId }, body: { step } }),
        'Failed to regenerate the step',
        ({ regenerating }, { step }) => regenerateStepToast(regenerating, step),
      ),
    ),
    sendApproved: useMutation(
      action(
        ({ campaignId, scheduledFor }: { campaignId: number; scheduledFor: string | null }) =>
          call(api.campaigns.sendApproved, {
            params: { id: campaignId },
            body: scheduledFor ? { scheduledFor } : {},
          }),
        'Failed to send emails',
        (reply, { scheduledFor }) => sendApprovedToast(reply, scheduledFor),
      ),
    ),
  };
}

export type EmailActions = ReturnType<typeof useEmailActions>;

/** After "Regenerate step N": how many of its emails still in review are written again. */
function regenerateStepToast(regenerating: number, step: number): ToastOptions {
  return {
    title: `Step ${step} is being written again`,
    message:
      regenerating === 0
        ? 'None of its emails was still in review.'
        : `${emailCount(regenerating)} to write again, as new drafts to review.`,
    tone: regenerating === 0 ? 'info' : 'success',
  };
}

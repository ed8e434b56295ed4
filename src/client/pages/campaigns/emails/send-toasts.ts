import type { z } from 'zod';
import type { sendApprovedReply, sendEmailReply } from '../../../../contract/emails';
import { formatDateTime } from '../../../format-date';
import type { ToastOptions } from '../../../toast';

type SendApprovedReply = z.infer<typeof sendApprovedReply>;
type SendEmailReply = z.infer<typeof sendEmailReply>;

/** "1 email", "3 emails". */
export const emailCount = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'email' : 'emails'}`;

/**
 * The toast after Send/Schedule All Approved (docs/product.md §11). `requestedFor` is the time the user
 * chose, or null for "now": emails scheduled after a send-now were pushed to later days by the daily limit.
 */
export function sendApprovedToast(reply: SendApprovedReply, requestedFor: string | null): ToastOptions {
  const toast = firstEmailsToast(reply, requestedFor);
  const followUps = reply.followUpCount;
  if (followUps === 0) return toast;
  const armed = `${followUps.toLocaleString()} ${followUps === 1 ? 'follow-up goes' : 'follow-ups go'} out as ${followUps === 1 ? 'its step falls' : 'their steps fall'} due, unless the recipient answers.`;
  if (reply.successCount === 0 && reply.scheduledCount === 0)
    return { title: 'Follow-ups on their way', message: armed, tone: 'success' };
  return { ...toast, message: `${toast.message} ${armed}` };
}

function firstEmailsToast(reply: SendApprovedReply, requestedFor: string | null): ToastOptions {
  const { successCount: sent, scheduledCount: scheduled, dailyLimit } = reply;
  const when = formatDateTime(reply.scheduledFor ?? requestedFor);
  if (sent === 0 && scheduled === 0) {
    return { title: 'No emails to send', message: 'There are no approved emails waiting to be sent.' };
  }
  if (requestedFor === null && scheduled > 0) {
    return {
      title: 'Daily Limit Reached',
      message: `${emailCount(sent)} sent. Daily limit of ${dailyLimit} reached. Remaining emails will be scheduled for future days.`,
      tone: 'info',
    };
  }
  if (sent > 0 && scheduled > 0) {
    return {
      title: 'Emails Sent & Scheduled',
      message: `${emailCount(sent)} sent, ${emailCount(scheduled)} scheduled for ${when}.`,
      tone: 'success',
    };
  }
  if (scheduled > 0) {
    return {
      title: 'Emails scheduled',
      message: `${emailCount(scheduled)} scheduled for ${when}`,
      tone: 'success',
    };
  }
  return {
    title: 'Emails sent',
    message: `${emailCount(sent)} ${sent === 1 ? 'is on its way.' : 'are on their way.'}`,
    tone: 'success',
  };
}

/** The toast after one email's Send Now, or its scheduling (docs/product.md §11). */
export function sendEmailToast(reply: SendEmailReply, requestedFor: string | null): ToastOptions {
  if (reply.unsubscribed || reply.status === 'unsubscribed') {
    return {
      title: 'Unsubscribed',
      message: 'This recipient has unsubscribed and was not sent an email.',
      tone: 'info',
    };
  }
  const when = formatDateTime(reply.scheduledFor ?? requestedFor);
  if (reply.status === 'scheduled' && requestedFor === null) {
    return { title: 'Daily Limit Reached', message: `This email will be sent on ${when}.`, tone: 'info' };
  }
  if (reply.status === 'scheduled') {
    return { title: 'Email scheduled', message: `Scheduled for ${when}.`, tone: 'success' };
  }
  return { title: 'Email sent', message: 'Your email is on its way.', tone: 'success' };
}

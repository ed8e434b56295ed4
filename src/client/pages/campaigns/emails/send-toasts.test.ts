import { describe, expect, it } from 'vitest';
import type { Email } from '../../../../contract/campaigns';
import { formatDateTime } from '../../../format-date';
import { sendApprovedToast, sendEmailToast } from './send-toasts';

const at = new Date(2025, 7, 2, 10, 0).toISOString();
const reply = (
  successCount: number,
  scheduledCount: number,
  scheduledFor: string | null = null,
  followUpCount = 0,
) => ({
  successCount,
  scheduledCount,
  scheduledFor,
  followUpCount,
  dailyLimit: 500,
  hasUnsubscribeLink: true,
});

describe('sendApprovedToast', () => {
  it('says the emails are on their way when all went now', () => {
    expect(sendApprovedToast(reply(12, 0), null)).toMatchObject({
      title: 'Emails sent',
      message: '12 emails are on their way.',
    });
    expect(sendApprovedToast(reply(1, 0), null).message).toBe('1 email is on its way.');
  });

  it('names the daily limit when it pushed a send-now to later days', () => {
    expect(sendApprovedToast(reply(500, 20, at), null)).toMatchObject({
      title: 'Daily Limit Reached',
      message:
        '500 emails sent. Daily limit of 500 reached. Remaining emails will be scheduled for future days.',
    });
  });

  it('gives the time of a scheduled batch', () => {
    expect(sendApprovedToast(reply(0, 30, at), at)).toMatchObject({
      title: 'Emails scheduled',
      message: `30 emails scheduled for ${formatDateTime(at)}`,
    });
  });

  it('says Emails Sent & Scheduled when a scheduled request also sent some', () => {
    expect(sendApprovedToast(reply(2, 3, at), at)).toMatchObject({
      title: 'Emails Sent & Scheduled',
      message: `2 emails sent, 3 emails scheduled for ${formatDateTime(at)}.`,
    });
  });

  it('says that approved follow-ups go out as their steps fall due', () => {
    expect(sendApprovedToast(reply(12, 0, null, 24), null)).toMatchObject({
      title: 'Emails sent',
      message:
        '12 emails are on their way. 24 follow-ups go out as their steps fall due, unless the recipient answers.',
    });
    expect(sendApprovedToast(reply(0, 0, null, 1), null)).toMatchObject({
      title: 'Follow-ups on their way',
      message: '1 follow-up goes out as its step falls due, unless the recipient answers.',
    });
  });

  it('says when there was nothing to send', () => {
    expect(sendApprovedToast(reply(0, 0), null).title).toBe('No emails to send');
  });
});

describe('sendEmailToast', () => {
  const email = {} as Email;
  const send = (status: 'queued' | 'scheduled' | 'unsubscribed', scheduledFor: string | null = null) => ({
    status,
    unsubscribed: status === 'unsubscribed',
    scheduledFor,
    email,
  });

  it('tells that an unsubscribed recipient got nothing', () => {
    expect(sendEmailToast(send('unsubscribed'), null)).toMatchObject({
      title: 'Unsubscribed',
      message: 'This recipient has unsubscribed and was not sent an email.',
    });
  });

  it('confirms a send and a scheduling', () => {
    expect(sendEmailToast(send('queued'), null)).toMatchObject({
      title: 'Email sent',
      message: 'Your email is on its way.',
    });
    expect(sendEmailToast(send('scheduled', at), at)).toMatchObject({
      title: 'Email scheduled',
      message: `Scheduled for ${formatDateTime(at)}.`,
    });
  });

  it('explains a send-now the daily limit moved to later', () => {
    expect(sendEmailToast(send('scheduled', at), null)).toMatchObject({
      title: 'Daily Limit Reached',
      message: `This email will be sent on ${formatDateTime(at)}.`,
    });
  });
});

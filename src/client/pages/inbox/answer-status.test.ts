import { describe, expect, it } from 'vitest';
import { threadAnswer, threadOf } from './answer-fixtures';
import { answerStatusLabel, answerStatusLine, sendable } from './answer-status';
import { ANSWER_WHEN_NOW, sendAtOf } from './answer-when';
import { answer } from './inbox-fixtures';
import { answerInFlight } from './inbox-queries';
import { withAnswer } from './use-answer';

describe("an answer's status", () => {
  it('says where the send stands: when it left, why not, or when it will', () => {
    const at = (changes: Parameters<typeof threadAnswer>[1]) => answerStatusLine(threadAnswer(1, changes));
    expect(at({ status: 'sent', sentAt: '2025-08-02T08:00:00.000Z' })).toBe('Sent Aug 2, 2025, 8:00 AM');
    expect(at({ status: 'queued', sentAt: null })).toBe('On its way…');
    expect(at({ status: 'failed', errorMessage: '550 Mailbox unavailable' })).toBe(
      'Not sent: 550 Mailbox unavailable. Answer again to send it.',
    );
    expect(at({ status: 'unknown' })).toMatch(/^Delivery unknown/);
    expect(at({ status: 'scheduled', scheduledFor: '2025-08-03T09:00:00.000Z', errorMessage: null })).toBe(
      'Goes out Aug 3, 2025, 9:00 AM',
    );
    expect(at({ status: 'unsubscribed', errorMessage: null })).toBe(
      'Not sent: the recipient is on the suppression list',
    );
    expect(answerStatusLabel('queued')).toEqual({ label: 'Sending', color: 'orange' });
    expect(answerStatusLabel('unknown').label).toBe('Delivery unknown');
  });

  it('is read again only while an answer in the thread is queued or sending', () => {
    const thread = threadOf(answer(1));
    expect(answerInFlight(undefined)).toBe(false);
    expect(answerInFlight(thread)).toBe(false);
    const queued = withAnswer(thread, threadAnswer(1, { status: 'queued' }));
    expect(answerInFlight(queued)).toBe(true);
    expect(answerInFlight(withAnswer(thread, threadAnswer(1, { status: 'sending' })))).toBe(true);
    expect(answerInFlight(withAnswer(thread, threadAnswer(1, { status: 'scheduled' })))).toBe(false);
    // Another reply's answer on its way in the same conversation counts too.
    const other = {
      type: 'answer' as const,
      at: '2025-08-02T00:00:00Z',
      answer: threadAnswer(9, { status: 'queued' }),
    };
    expect(answerInFlight({ ...thread, items: [...thread.items, other] })).toBe(true);
  });

  it('goes into the cached thread as the latest answer, once however often the same one comes back', () => {
    const thread = threadOf(answer(1));
    const failed = withAnswer(thread, threadAnswer(1, { emailId: 7, status: 'failed' }));
    const next = withAnswer(failed, threadAnswer(1, { emailId: 8, status: 'queued' }));
    const replayed = withAnswer(next, threadAnswer(1, { emailId: 8, status: 'sending' }));
    expect(
      replayed.items.map((i) => (i.type === 'answer' ? `${i.answer.emailId} ${i.answer.status}` : i.type)),
    ).toEqual(['sent', 'inbound', '7 failed', '8 sending']);
    expect(replayed.answer?.emailId).toBe(8);
    expect(replayed.canAnswer).toBe(false);
  });

  it('leaves now, or at the time chosen on the day a "not now" named', () => {
    const now = new Date(2027, 2, 1, 12, 0);
    expect(sendAtOf(ANSWER_WHEN_NOW, '2027-03-15', now)).toEqual({ ok: true, sendAt: null });
    expect(sendAtOf({ later: true, time: '08:15' }, '2027-03-15', now)).toEqual({
      ok: true,
      sendAt: new Date(2027, 2, 15, 8, 15).toISOString(),
    });
    expect(sendAtOf({ later: true, time: '' }, '2027-03-15', now)).toEqual({
      ok: false,
      error: 'Please select both date and time',
    });
    expect(sendAtOf({ later: true, time: '11:00' }, '2027-03-01', now)).toEqual({
      ok: false,
      error: 'Scheduled time must be in the future',
    });
    // No day named: it can only go now.
    expect(sendAtOf({ later: true, time: '09:00' }, null, now)).toEqual({ ok: true, sendAt: null });
  });

  it('can be sent only with words in it, as the server counts them', () => {
    expect(sendable('')).toBe(false);
    expect(sendable('<p>&nbsp; </p>')).toBe(false);
    expect(sendable('<p>Yes</p>')).toBe(true);
  });
});

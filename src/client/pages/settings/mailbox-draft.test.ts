import { describe, expect, it } from 'vitest';
import type { Mailbox } from '../../../contract/mailboxes';
import { testMailbox } from '../../test-mailbox';
import { createBodyOf, draftOfMailbox, draftProblems, newMailboxDraft, updateBodyOf } from './mailbox-draft';
import { sendingHoursText } from './mailboxes';

const gmail: Mailbox = testMailbox({ isDefault: true });

const problemsOf = (draft: ReturnType<typeof newMailboxDraft>) =>
  draftProblems(draft, { kind: 'google', needsSmtpPassword: false, needsImapPassword: false });

describe('a mailbox’s sending hours in the form', () => {
  it('sends none while off, and the days and minutes once on', () => {
    const draft = { ...newMailboxDraft(), address: 'a@b.test' };
    expect(createBodyOf(draft).sendingHours).toBeUndefined();
    const on = { ...draft, hoursOn: true, hours: { days: [1, 3, 5], start: '08:30', end: '00:00' } };
    expect(createBodyOf(on).sendingHours).toEqual({ days: [1, 3, 5], startMinute: 510, endMinute: 1440 });
  });

  it('changes only what changed: hours set, then turned off again', () => {
    const draft = draftOfMailbox(gmail);
    expect(draft.hoursOn).toBe(false);
    expect(updateBodyOf(draft, gmail)).toEqual({});
    const on = { ...draft, hoursOn: true };
    expect(updateBodyOf(on, gmail)).toEqual({
      sendingHours: { days: [1, 2, 3, 4, 5], startMinute: 540, endMinute: 1020 },
    });
    const withHours: Mailbox = { ...gmail, sendingHours: { days: [6, 7], startMinute: 600, endMinute: 720 } };
    const shown = draftOfMailbox(withHours);
    expect(shown).toMatchObject({ hoursOn: true, hours: { days: [6, 7], start: '10:00', end: '12:00' } });
    expect(updateBodyOf(shown, withHours)).toEqual({});
    expect(updateBodyOf({ ...shown, hoursOn: false }, withHours)).toEqual({ sendingHours: null });
  });

  it('will not save hours without a day or with an end before the start', () => {
    const draft = { ...draftOfMailbox(gmail), hoursOn: true };
    expect(problemsOf(draft).hours).toBeUndefined();
    expect(problemsOf({ ...draft, hours: { ...draft.hours, days: [] } }).hours).toBe('Fix the sending hours');
    expect(problemsOf({ ...draft, hours: { ...draft.hours, start: '18:00' } }).hours).toBe(
      'Fix the sending hours',
    );
    // Hours that are off are not checked.
    expect(
      problemsOf({ ...draft, hoursOn: false, hours: { ...draft.hours, days: [] } }).hours,
    ).toBeUndefined();
  });
});

describe('sendingHoursText', () => {
  it('names a run of days by its ends, other days one by one, and every day as such', () => {
    expect(sendingHoursText(null)).toBeNull();
    expect(sendingHoursText({ days: [1, 2, 3, 4, 5], startMinute: 540, endMinute: 1020 })).toBe(
      'Sends Mon–Fri 09:00–17:00',
    );
    expect(sendingHoursText({ days: [5, 1, 3], startMinute: 510, endMinute: 1440 })).toBe(
      'Sends Mon, Wed, Fri 08:30–00:00',
    );
    expect(sendingHoursText({ days: [1, 2, 3, 4, 5, 6, 7], startMinute: 0, endMinute: 600 })).toBe(
      'Sends every day 00:00–10:00',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { allows, dailyLimitFor, EMAIL_STATUSES, type EmailAction, type EmailStatus } from './email-rules';

/**
 * Every action from every state, written out in full: a change to the rule book must change this
 * table too, on purpose. ✓ allowed, · refused.
 */
// biome-ignore format: the table reads only when its columns line up
const TABLE: Record<EmailAction, string> = {
  //               draft queued sending sent failed scheduled unsubscribed unknown waiting stopped
  edit:            '✓     ·      ·       ·    ✓      ·         ✓            ·       ·       ·',
  approve:         '✓     ·      ·       ·    ✓      ·         ✓            ·       ·       ·',
  send:            '✓     ·      ·       ·    ✓      ✓         ·            ✓       ·       ·',
  'send-approved': '✓     ·      ·       ·    ✓      ✓         ·            ·       ·       ·',
  unschedule:      '·     ·      ·       ·    ·      ✓         ·            ·       ✓       ·',
  resolve:         '·     ·      ·       ·    ·      ·         ·            ✓       ·       ·',
};

describe('the email rule book', () => {
  it('lists the states in the order of the table', () => {
    expect(EMAIL_STATUSES).toEqual([
      'draft',
      'queued',
      'sending',
      'sent',
      'failed',
      'scheduled',
      'unsubscribed',
      'unknown',
      'waiting',
      'stopped',
    ]);
  });

  for (const [action, row] of Object.entries(TABLE) as [EmailAction, string][]) {
    const marks = row.split(/\s+/);
    for (const [i, status] of EMAIL_STATUSES.entries()) {
      const expected = marks[i] === '✓';
      it(`${action} from ${status}: ${expected ? 'allowed' : 'refused'}`, () => {
        expect(allows(action, status as EmailStatus)).toBe(expected);
      });
    }
  }

  it('nothing on its way or gone can be changed', () => {
    for (const action of Object.keys(TABLE) as EmailAction[])
      for (const status of ['queued', 'sending', 'sent'] as const) expect(allows(action, status)).toBe(false);
  });

  it('has a daily limit of 500 with the unsubscribe link and 100 without', () => {
    expect(dailyLimitFor(true)).toBe(500);
    expect(dailyLimitFor(false)).toBe(100);
  });
});

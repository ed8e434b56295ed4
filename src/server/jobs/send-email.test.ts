import { describe, expect, it } from 'vitest';
import { EMAILS_PER_SEND_JOB, sendEmailJob, sendJobsFor } from './send-email';

describe('send jobs', () => {
  it('carry a hundred emails each, in order, with none left out', () => {
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    const jobs = sendJobsFor(ids);
    expect(jobs.map((j) => j.emailIds.length)).toEqual([EMAILS_PER_SEND_JOB, EMAILS_PER_SEND_JOB, 50]);
    expect(jobs.flatMap((j) => j.emailIds)).toEqual(ids);
    expect(sendJobsFor([])).toEqual([]);
  });

  it('still read the one-email payload of jobs queued before an upgrade', () => {
    expect(sendEmailJob.payload.parse({ emailId: 7 })).toEqual({ emailIds: [7] });
    expect(sendEmailJob.payload.parse({ emailIds: [1, 2] })).toEqual({ emailIds: [1, 2] });
  });

  it('refuse payloads that are not email ids, or too many for one job', () => {
    const tooMany = Array.from({ length: EMAILS_PER_SEND_JOB + 1 }, (_, i) => i + 1);
    for (const bad of [{ emailId: 'x' }, { emailIds: [] }, { emailIds: ['1'] }, {}, { emailIds: tooMany }])
      expect(sendEmailJob.payload.safeParse(bad).success).toBe(false);
  });
});

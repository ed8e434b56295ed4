import { describe, expect, it } from 'vitest';
import { DEFAULT_SAMPLE_VALUES, sampleRecipient, valuesByVariable } from './sample-values';

describe('sampleRecipient', () => {
  it('uses the built-in samples without a CSV', () => {
    expect(sampleRecipient(null)).toEqual({
      email: 'john.doe@example.com',
      first_name: 'John',
      last_name: 'Doe',
      company: 'Acme Corp',
      job_title: 'Marketing Director',
      info: 'Interested in automation',
    });
    expect(sampleRecipient(null)).not.toBe(DEFAULT_SAMPLE_VALUES);
  });

  it("uses the CSV's row keyed by its header", () => {
    const csv = { fileName: 'a.csv', columns: ['First Name'], values: { 'First Name': 'Jane' } };
    expect(sampleRecipient(csv)).toEqual({ 'First Name': 'Jane' });
  });
});

describe('valuesByVariable', () => {
  it('also keys each column by its snake_case name, without overriding exact columns', () => {
    expect(valuesByVariable({ 'First Name': 'Jane', first_name: 'Exact', 'Job Title': 'CTO' })).toEqual({
      'First Name': 'Jane',
      first_name: 'Exact',
      'Job Title': 'CTO',
      job_title: 'CTO',
    });
  });
});

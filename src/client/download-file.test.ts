import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './download-file';

describe('fileNameFrom', () => {
  it('reads a quoted, a bare and an RFC 5987 file name', () => {
    expect(fileNameFrom('attachment; filename="unsubscribers.csv"', 'x.csv')).toBe('unsubscribers.csv');
    expect(fileNameFrom('attachment; filename=data.csv', 'x.csv')).toBe('data.csv');
    expect(fileNameFrom("attachment; filename*=UTF-8''caf%C3%A9.csv", 'x.csv')).toBe('café.csv');
  });

  it('falls back without a usable name', () => {
    expect(fileNameFrom(null, 'fallback.csv')).toBe('fallback.csv');
    expect(fileNameFrom('attachment', 'fallback.csv')).toBe('fallback.csv');
  });

  it('keeps a name that is not valid percent-encoding', () => {
    expect(fileNameFrom('attachment; filename="100%.csv"', 'x.csv')).toBe('100%.csv');
  });
});

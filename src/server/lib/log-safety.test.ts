import { describe, expect, it } from 'vitest';
import { safeUrl } from './log-safety';

describe('safeUrl', () => {
  it('replaces credential query values and keeps the rest as sent', () => {
    expect(safeUrl('/api/auth/google/callback?code=abc.def&state=xyz&iss=https%3A%2F%2Fid')).toBe(
      '/api/auth/google/callback?code=[Redacted]&state=[Redacted]&iss=https%3A%2F%2Fid',
    );
    expect(safeUrl('/api/emails?limit=50&Access_Token=t0k&%74oken=x')).toBe(
      '/api/emails?limit=50&Access_Token=[Redacted]&%74oken=[Redacted]',
    );
    expect(safeUrl('/api/campaigns')).toBe('/api/campaigns');
  });

  it('hides the per-email tokens of the open pixel and unsubscribe paths', () => {
    expect(safeUrl('/t/o/Zm9vYmFy.gif')).toBe('/t/o/[Redacted].gif');
    expect(safeUrl('/u/Zm9vYmFy?x=1')).toBe('/u/[Redacted]?x=1');
    expect(safeUrl('/api/users/5')).toBe('/api/users/5');
  });
});

import { describe, expect, it } from 'vitest';
import { isMachineOpen, PREFETCH_WINDOW_MS } from './machine-open';

const sentAt = new Date('2025-03-01T10:00:00Z');
const later = new Date(sentAt.getTime() + 60 * 60_000);
const THUNDERBIRD = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Thunderbird/128.3.0';

describe('machine open detection', () => {
  it('takes a real mail client an hour after sending as a person', () => {
    expect(isMachineOpen(THUNDERBIRD, later, sentAt)).toBe(false);
    expect(
      isMachineOpen('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148', later, null),
    ).toBe(false);
  });

  it('flags image proxies by user agent', () => {
    for (const ua of [
      'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
      'GoogleImageProxy',
      'Mozilla/5.0 (compatible; via ggpht.com)',
      'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html',
    ]) {
      expect(isMachineOpen(ua, later, sentAt), ua).toBe(true);
    }
  });

  it("flags Apple's bare Mozilla/5.0 but not a fuller Mozilla user agent", () => {
    expect(isMachineOpen('Mozilla/5.0', later, sentAt)).toBe(true);
    expect(isMachineOpen(' Mozilla/5.0 ', later, sentAt)).toBe(true);
    expect(isMachineOpen('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', later, sentAt)).toBe(false);
  });

  it('flags a missing user agent', () => {
    expect(isMachineOpen(undefined, later, sentAt)).toBe(true);
    expect(isMachineOpen('', later, sentAt)).toBe(true);
  });

  it('flags an open within the prefetch window after sending, whatever the user agent', () => {
    const justAfter = new Date(sentAt.getTime() + PREFETCH_WINDOW_MS - 1);
    const atEdge = new Date(sentAt.getTime() + PREFETCH_WINDOW_MS);
    expect(isMachineOpen(THUNDERBIRD, justAfter, sentAt)).toBe(true);
    expect(isMachineOpen(THUNDERBIRD, atEdge, sentAt)).toBe(false);
  });
});

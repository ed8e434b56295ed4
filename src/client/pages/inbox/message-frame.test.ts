import { describe, expect, it } from 'vitest';
import { formatSize, messageDocument, messageFrameHeight } from './message-frame';

describe('the reading pane frame', () => {
  it('puts its own policy before the message, letting remote images in only when they are shown', () => {
    const blocked = messageDocument('<p>Hi</p>', false);
    expect(blocked.indexOf('Content-Security-Policy')).toBeLessThan(blocked.indexOf('<p>Hi</p>'));
    expect(blocked).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
    expect(messageDocument('<p>Hi</p>', true)).toContain(`img-src data: https: http:"`);
    expect(blocked).toContain('<meta name="referrer" content="no-referrer">');
  });

  it('is as tall as a short message needs and no taller than a long one allows', () => {
    expect(messageFrameHeight('<p>Thanks!</p>')).toBe(120);
    const medium = messageFrameHeight(`<p>${'word '.repeat(100)}</p><p>Best,</p><p>Ava</p>`);
    expect(medium).toBeGreaterThan(120);
    expect(medium).toBeLessThan(480);
    expect(messageFrameHeight('<p>line</p>'.repeat(200))).toBe(480);
  });

  it('gives sizes in the units people read', () => {
    expect(formatSize(1)).toBe('1 byte');
    expect(formatSize(512)).toBe('512 bytes');
    expect(formatSize(4300)).toBe('4.2 KB');
    expect(formatSize(2048)).toBe('2 KB');
    expect(formatSize(1_258_291)).toBe('1.2 MB');
    expect(formatSize(52_428_800)).toBe('50 MB');
  });
});

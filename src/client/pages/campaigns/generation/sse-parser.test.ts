import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

describe('createSseParser', () => {
  it('parses named events with JSON data', () => {
    const parser = createSseParser();
    expect(parser.feed('event: progress\ndata: {"processed":1}\n\nevent: complete\ndata: {}\n\n')).toEqual([
      { event: 'progress', data: '{"processed":1}' },
      { event: 'complete', data: '{}' },
    ]);
  });

  it('keeps partial lines and events across chunks, however the stream is cut', () => {
    const text = 'event: progress\r\ndata: {"a":1}\r\n\r\nevent: error\ndata: {"message":"x"}\n\n';
    for (let size = 1; size <= text.length; size++) {
      const parser = createSseParser();
      const events = [];
      for (let i = 0; i < text.length; i += size) events.push(...parser.feed(text.slice(i, i + size)));
      expect(events).toEqual([
        { event: 'progress', data: '{"a":1}' },
        { event: 'error', data: '{"message":"x"}' },
      ]);
    }
  });

  it('waits for the blank line that ends an event', () => {
    const parser = createSseParser();
    expect(parser.feed('event: complete\ndata: {}\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([{ event: 'complete', data: '{}' }]);
  });

  it('ignores comments, keep-alives, unknown fields and events without data', () => {
    const parser = createSseParser();
    expect(parser.feed(': keep-alive\n\nid: 7\nretry: 100\n\nevent: progress\n\n')).toEqual([]);
    // The event name of a data-less event does not leak into the next one.
    expect(parser.feed('data: x\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('joins multi-line data and strips only one leading space', () => {
    const parser = createSseParser();
    expect(parser.feed('data:  a\ndata:b\ndata\n\n')).toEqual([{ event: 'message', data: ' a\nb\n' }]);
  });

  it('handles CR-only line ends', () => {
    const parser = createSseParser();
    expect(parser.feed('event: complete\rdata: {}\r\revent: error\rdata: {}\r')).toEqual([
      { event: 'complete', data: '{}' },
    ]);
    // The last CR might have been half of a CRLF, so only the end of the stream settles it.
    expect(parser.feed('\r')).toEqual([]);
    expect(parser.end()).toEqual([{ event: 'error', data: '{}' }]);
  });

  it('drops an event the stream never finished', () => {
    const parser = createSseParser();
    expect(parser.feed('event: complete\ndata: {}\n')).toEqual([]);
    expect(parser.end()).toEqual([]);
  });
});

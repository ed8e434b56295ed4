import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-to-text';

describe('htmlToText', () => {
  it('keeps the words, spacing blocks apart and decoding entities', () => {
    expect(htmlToText('<p>Hi {{ first_name }},</p><p>Tom &amp; Jerry<br>say hello</p>')).toBe(
      'Hi {{ first_name }}, Tom & Jerry say hello',
    );
  });

  it('drops markup without running it', () => {
    expect(htmlToText('<img src=x onerror="window.__ran = 1"><script>window.__ran = 2</script>ok')).toBe(
      'ok',
    );
    expect((window as { __ran?: number }).__ran).toBeUndefined();
  });

  it('gives an empty string for empty input', () => {
    expect(htmlToText('')).toBe('');
    expect(htmlToText('<p></p>')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes markup and both quote kinds', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
  });

  it('leaves plain text alone', () => {
    expect(escapeHtml('Jane Doe, Acme Corp')).toBe('Jane Doe, Acme Corp');
  });
});

import { describe, expect, it } from 'vitest';
import { sanitiseAnswerHtml, withoutRemoteImages } from './answer-html';

describe("an answer's HTML in the reading view", () => {
  it('keeps what people read and drops what runs or reaches out', () => {
    const html = sanitiseAnswerHtml(
      '<p onclick="steal()">Hi <b>Alice</b></p><script>alert(1)</script><style>body{display:none}</style>' +
        '<a href="javascript:alert(1)">x</a><a href="https://acme.example/">site</a>' +
        '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input></form>' +
        '<div style="position:fixed;background:url(https://t.example/x.gif);color:#333">text</div>',
    );
    expect(html).toContain('<p>Hi <b>Alice</b></p>');
    expect(html).not.toMatch(/script|onclick|alert|iframe|<form|<input|display:none|position|url\(/);
    expect(html).toContain(
      '<a href="https://acme.example/" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(html).toContain('<div style="color:#333">text</div>');
  });

  it('blocks remote images until they are allowed, and keeps the ones the message carries', () => {
    const kept = sanitiseAnswerHtml(
      '<p>Logo <img src="https://tracker.example/open.gif?u=1" alt="logo"><img src="http://x.example/a.png">' +
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="inline"></p>',
    );
    const { html, blocked } = withoutRemoteImages(kept);
    expect(blocked).toBe(2);
    expect(html).not.toContain('tracker.example');
    expect(html).not.toContain('x.example');
    expect(html).toContain('<span class="blocked-image" title="logo">[image]</span>');
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(kept).toContain('https://tracker.example/open.gif?u=1');
  });
});

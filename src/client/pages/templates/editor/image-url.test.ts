import { describe, expect, it } from 'vitest';
import { isValidImageUrl } from './image-url';

describe('isValidImageUrl', () => {
  it('accepts http(s) image files in any case, ignoring the query string', () => {
    expect(isValidImageUrl('https://cdn.example.com/a/logo.png')).toBe(true);
    expect(isValidImageUrl('http://example.com/photo.JPG')).toBe(true);
    expect(isValidImageUrl('https://example.com/x.jpeg?w=600&h=400')).toBe(true);
    expect(isValidImageUrl('https://example.com/x.webp#top')).toBe(true);
    expect(isValidImageUrl(' https://example.com/icon.svg ')).toBe(true);
    expect(isValidImageUrl('https://example.com/anim.gif')).toBe(true);
  });

  it('refuses other schemes, other files and junk', () => {
    expect(isValidImageUrl('ftp://example.com/a.png')).toBe(false);
    expect(isValidImageUrl('javascript:alert(1)//.png')).toBe(false);
    expect(isValidImageUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(isValidImageUrl('https://example.com/page.html')).toBe(false);
    expect(isValidImageUrl('https://example.com/png')).toBe(false);
    expect(isValidImageUrl('https://example.com/a.png.exe')).toBe(false);
    expect(isValidImageUrl('example.com/a.png')).toBe(false);
    expect(isValidImageUrl('')).toBe(false);
  });
});

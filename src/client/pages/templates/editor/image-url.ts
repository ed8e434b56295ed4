const IMAGE_URL = /^https?:\/\/[^\s]+\.(jpe?g|png|gif|webp|svg)$/i;

export const INVALID_IMAGE_URL_MESSAGE =
  'Please enter a valid image URL (must start with http/https and be an image file).';

/**
 * docs/product.md §2: an http(s) address of an image file (jpg, jpeg, png, gif, webp, svg). The query
 * string and fragment are ignored, so signed CDN links like `photo.png?w=600` pass.
 */
export function isValidImageUrl(value: string): boolean {
  const url = value.trim();
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return IMAGE_URL.test(url.replace(/[?#].*$/, ''));
}

/**
 * The readable text of stored HTML, for card excerpts. DOMParser builds an inert document: no script
 * runs and no image loads, so it is safe on any string; React then renders the result as text.
 */
export function htmlToText(html: string): string {
  if (!html) return '';
  // Block ends become spaces so "<p>Hi</p><p>there</p>" reads "Hi there", not "Hithere".
  const spaced = html.replace(/<\/(p|div|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, '$& ');
  const { body } = new DOMParser().parseFromString(spaced, 'text/html');
  // textContent would include the source of scripts and styles.
  for (const element of body.querySelectorAll('script, style')) element.remove();
  const text = body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

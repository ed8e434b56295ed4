/**
 * The document the reading pane's frame shows: an answer's HTML, sanitised on the server, in a
 * frame of its own so the message's look stays out of the app's and nothing in it can run.
 */

/**
 * The frame's own policy, on top of the app's: even if the server's sanitiser let something
 * through, the frame loads nothing from elsewhere (no fonts, no styles, no scripts), and remote
 * images only once the person asked for them, since loading one tells the sender they read it.
 */
const policy = (images: boolean) =>
  `default-src 'none'; style-src 'unsafe-inline'; img-src data:${images ? ' https: http:' : ''}`;

// The app's type and colours (theme.ts), so the message reads like the rest of the page.
const STYLE = `
html { color-scheme: light; }
body { margin: 0; padding: 12px; background: #fff; color: #212529; overflow-wrap: anywhere;
  font: 14px/1.55 Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
p { margin: 0 0 0.75em; }
a { color: #4263eb; }
img, table { max-width: 100%; }
img { height: auto; }
pre { white-space: pre-wrap; }
blockquote { margin: 0.5em 0; padding-left: 10px; border-left: 3px solid #dee2e6; color: #495057; }
.blocked-image { display: inline-block; padding: 0 4px; border: 1px dashed #adb5bd; border-radius: 4px;
  color: #868e96; font-size: 12px; }
`;

/**
 * The frame's srcdoc: the policy first (before anything that could load), no referrer for what the
 * message links to or loads, and links aimed at a new tab rather than at the frame itself.
 */
export function messageDocument(html: string, images: boolean): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${policy(images)}">`,
    '<meta name="referrer" content="no-referrer">',
    '<base target="_blank">',
    `<style>${STYLE}</style></head><body>`,
    html,
    '</body></html>',
  ].join('');
}

const MIN_HEIGHT = 120;
const MAX_HEIGHT = 480;

/**
 * A height for the frame from its HTML. The frame holds another origin (it is sandboxed), so its
 * content cannot be measured: this counts the lines the text and its breaks take at a narrow
 * width, within bounds; a longer message scrolls inside the frame.
 */
export function messageFrameHeight(html: string): number {
  const breaks = html.match(/<(br|p|div|li|tr|h[1-6]|blockquote|hr)\b/gi)?.length ?? 0;
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const images = html.match(/<img\b/gi)?.length ?? 0;
  const lines = breaks + Math.ceil(text.length / 60);
  const height = 24 + lines * 22 + images * 120;
  return Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, height));
}

/** An attachment's size as people read it: "512 bytes", "4.2 KB", "12 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)} ${units[unit]}`;
}

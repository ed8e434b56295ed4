/**
 * A draft's body as the checks read it: its text (tags removed, the common entities decoded, white
 * space collapsed), its links and its images. A small scanner rather than html-to-text: the checks
 * run on every draft of a campaign, and they need words, not a layout.
 */
export type DraftText = {
  text: string;
  links: { href: string; text: string }[];
  images: number;
  /** Bytes of the HTML, as Gmail counts them for clipping. */
  htmlBytes: number;
};

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

export function decodeEntities(text: string) {
  return text.replace(/&(#?\w+);/g, (whole, name: string) => {
    if (name in ENTITIES) return ENTITIES[name]!;
    const code = name.startsWith('#x')
      ? Number.parseInt(name.slice(2), 16)
      : name.startsWith('#')
        ? Number(name.slice(1))
        : Number.NaN;
    return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
  });
}

/** Block ends become line breaks, so a sentence in one paragraph never runs into the next. */
const plain = (html: string) =>
  decodeEntities(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<(?:br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi, '\n')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim();

export function readDraft(html: string): DraftText {
  const links: DraftText['links'] = [];
  for (const m of html.matchAll(
    /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a\s*>/gi,
  ))
    links.push({ href: decodeEntities(m[1] ?? m[2] ?? m[3] ?? ''), text: plain(m[4] ?? '') });
  return {
    text: plain(html),
    links,
    images: html.match(/<img\b/gi)?.length ?? 0,
    htmlBytes: Buffer.byteLength(html),
  };
}

/** Words of a text: letters and digits, lower-cased (for counting and comparing). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
}

const isWordChar = (ch: string | undefined) => !!ch && /[\p{L}\p{N}]/u.test(ch);

/** Where `value` occurs in `text` as whole words ("Ana" in "Hi Ana,", not in "analytics"); -1 if nowhere. */
export function wordIndex(text: string, value: string, from = 0): number {
  for (let at = text.indexOf(value, from); at >= 0; at = text.indexOf(value, at + 1))
    if (!isWordChar(text[at - 1]) && !isWordChar(text[at + value.length])) return at;
  return -1;
}

/** A row value and its parts ("Royal Holloway, University of London" → each side of the comma too). */
export function valueParts(value: string): string[] {
  const whole = value.trim();
  const parts = whole.split(/\s*[,;/|()]\s*|\s+[-–]\s+/).map((p) => p.trim());
  return [...new Set([whole, ...parts])].filter((p) => p.length >= 2);
}

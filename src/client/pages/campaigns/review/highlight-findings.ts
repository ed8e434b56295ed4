import { bySeverity, type Finding } from '../../../../contract/draft-findings';

/** A finding's text to mark in one field of the preview. */
export interface Highlight {
  text: string;
  kind: Finding['kind'];
  severity: Finding['severity'];
  reason: string;
}

/** A stretch of text, marked when a finding points at it. */
export interface Segment {
  text: string;
  highlight?: Highlight;
}

interface Range {
  start: number;
  end: number;
}

const MARK_SELECTOR = 'mark[data-finding-kind]';

/** The open findings that point at text in `field`, most severe first (it wins where two overlap). */
export function highlightsOf(
  findings: readonly Finding[] | null,
  dismissed: boolean,
  field: 'subject' | 'body',
): Highlight[] {
  if (dismissed || !findings) return [];
  return findings
    .filter((f) => f.span?.field === field && f.span.text.trim() !== '')
    .sort(bySeverity)
    .map((f) => ({ text: f.span!.text, kind: f.kind, severity: f.severity, reason: f.reason }));
}

/** Where `needle` occurs in `haystack`, without overlaps: exactly as written, or ignoring case. */
function rangesOf(haystack: string, needle: string, ignoreCase: boolean): Range[] {
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A regular expression rather than lower-casing both: lower case can change a string's length
  // ("İ"), which would put the mark beside the words it means.
  const pattern = new RegExp(escaped, ignoreCase ? 'giu' : 'gu');
  return [...haystack.matchAll(pattern)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

/**
 * Plain text (the subject) cut into segments, each occurrence of a highlight's text marked. A text is
 * matched as written; only when it occurs nowhere so is case ignored (the check may have quoted
 * "ACME" for "Acme"). Where two overlap, the earlier highlight keeps the text.
 */
export function segmentsOf(text: string, highlights: readonly Highlight[]): Segment[] {
  const taken: (Range & { highlight: Highlight })[] = [];
  for (const highlight of highlights) {
    const exact = rangesOf(text, highlight.text, false);
    const ranges = exact.length > 0 ? exact : rangesOf(text, highlight.text, true);
    for (const range of ranges) {
      if (!taken.some((t) => range.start < t.end && t.start < range.end)) taken.push({ ...range, highlight });
    }
  }
  taken.sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  let at = 0;
  for (const { start, end, highlight } of taken) {
    if (start > at) segments.push({ text: text.slice(at, start) });
    segments.push({ text: text.slice(start, end), highlight });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}

/**
 * Wraps each occurrence of a highlight's text in `root` (the rendered body) in a `<mark>`, matched as
 * `segmentsOf` does. Only existing text nodes are split and moved into the marks: the finding's text
 * is AI output and never becomes markup. A text split across elements ("<b>Acme</b> Corp") is left
 * unmarked; the findings panel still quotes it.
 */
export function markFindings(root: HTMLElement, highlights: readonly Highlight[]) {
  for (const highlight of highlights) {
    if (wrapOccurrences(root, highlight, false) === 0) wrapOccurrences(root, highlight, true);
  }
}

/** Takes the marks `markFindings` added away again, leaving the text as it was. */
export function unmarkFindings(root: HTMLElement) {
  for (const mark of root.querySelectorAll(MARK_SELECTOR)) mark.replaceWith(...mark.childNodes);
  root.normalize();
}

function wrapOccurrences(root: HTMLElement, highlight: Highlight, ignoreCase: boolean): number {
  let wrapped = 0;
  // Collected first: wrapping splits nodes, which would disturb a walk still under way.
  for (const node of unmarkedTextNodes(root)) {
    const ranges = rangesOf(node.data, highlight.text, ignoreCase);
    // From the last occurrence back, so the offsets of the earlier ones still hold.
    for (const { start, end } of ranges.reverse()) {
      const match = node.splitText(start);
      match.splitText(end - start);
      const mark = root.ownerDocument.createElement('mark');
      mark.dataset.findingKind = highlight.kind;
      mark.dataset.findingSeverity = highlight.severity;
      mark.title = highlight.reason;
      match.replaceWith(mark);
      mark.append(match);
      wrapped++;
    }
  }
  return wrapped;
}

function unmarkedTextNodes(root: HTMLElement): Text[] {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest(MARK_SELECTOR) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../../contract/draft-findings';
import { type Highlight, highlightsOf, markFindings, segmentsOf, unmarkFindings } from './highlight-findings';

const highlight = (text: string, changes: Partial<Highlight> = {}): Highlight => ({
  text,
  kind: 'ungrounded',
  severity: 'medium',
  reason: 'Nothing the AI was given says so',
  ...changes,
});

function body(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

const marks = (root: HTMLElement) =>
  [...root.querySelectorAll('mark')].map((m) => ({
    text: m.textContent,
    kind: m.dataset.findingKind,
    severity: m.dataset.findingSeverity,
    title: m.title,
  }));

describe('highlightsOf', () => {
  const findings: Finding[] = [
    { kind: 'length', severity: 'low', span: null, reason: 'Long' },
    { kind: 'deliverability', severity: 'low', span: { field: 'subject', text: 'FREE' }, reason: 'Capitals' },
    {
      kind: 'ungrounded',
      severity: 'high',
      span: { field: 'body', text: 'Series B' },
      reason: 'Unsupported',
    },
    { kind: 'duplicate', severity: 'medium', span: { field: 'body', text: 'We help' }, reason: 'Same text' },
  ];

  it('keeps the findings that point at text in the field, most severe first', () => {
    expect(highlightsOf(findings, false, 'body').map((h) => h.text)).toEqual(['Series B', 'We help']);
    expect(highlightsOf(findings, false, 'subject').map((h) => h.text)).toEqual(['FREE']);
  });

  it('marks nothing once the findings are dismissed, or before the checks ran', () => {
    expect(highlightsOf(findings, true, 'body')).toEqual([]);
    expect(highlightsOf(null, false, 'body')).toEqual([]);
  });
});

describe('segmentsOf', () => {
  it('marks every occurrence, as written', () => {
    expect(segmentsOf('FREE offer, FREE now', [highlight('FREE')])).toEqual([
      { text: 'FREE', highlight: highlight('FREE') },
      { text: ' offer, ' },
      { text: 'FREE', highlight: highlight('FREE') },
      { text: ' now' },
    ]);
  });

  it('ignores case only when the text occurs nowhere as written', () => {
    expect(segmentsOf('Free and free', [highlight('free')]).filter((s) => s.highlight)).toHaveLength(1);
    expect(segmentsOf('Free and FREE', [highlight('free')]).filter((s) => s.highlight)).toHaveLength(2);
  });

  it('gives overlapping text to the earlier (more severe) highlight', () => {
    const high = highlight('Acme Corp', { severity: 'high' });
    const low = highlight('Corp', { severity: 'low' });
    expect(segmentsOf('Hi Acme Corp', [high, low])).toEqual([
      { text: 'Hi ' },
      { text: 'Acme Corp', highlight: high },
    ]);
  });

  it('reads special characters as text', () => {
    expect(segmentsOf('Save $100 (now)?', [highlight('$100 (now)?')])[1]?.text).toBe('$100 (now)?');
  });

  it('leaves text without a match whole', () => {
    expect(segmentsOf('Hello', [highlight('Bye')])).toEqual([{ text: 'Hello' }]);
  });
});

describe('markFindings', () => {
  it('wraps each occurrence in a mark naming the kind and the reason', () => {
    const root = body('<p>Congrats on the <b>Series B</b> round.</p><p>The Series B shows.</p>');
    markFindings(root, [highlight('Series B', { severity: 'high' })]);
    expect(marks(root)).toEqual([
      { text: 'Series B', kind: 'ungrounded', severity: 'high', title: 'Nothing the AI was given says so' },
      { text: 'Series B', kind: 'ungrounded', severity: 'high', title: 'Nothing the AI was given says so' },
    ]);
    expect(root.textContent).toBe('Congrats on the Series B round.The Series B shows.');
    expect(root.querySelector('b > mark')).toBeTruthy();
  });

  it('matches case-insensitively only when nothing matches as written', () => {
    const root = body('<p>ACME is great. Acme is great.</p>');
    markFindings(root, [highlight('acme')]);
    expect(marks(root).map((m) => m.text)).toEqual(['ACME', 'Acme']);

    const exact = body('<p>ACME is great. Acme is great.</p>');
    markFindings(exact, [highlight('Acme')]);
    expect(marks(exact).map((m) => m.text)).toEqual(['Acme']);
  });

  it('never turns the finding text into markup', () => {
    const root = body('<p>Hello &lt;img src=x onerror=alert(1)&gt; there</p>');
    markFindings(root, [highlight('<img src=x onerror=alert(1)>', { reason: '<b>why</b>' })]);
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('b')).toBeNull();
    expect(marks(root)).toEqual([
      { text: '<img src=x onerror=alert(1)>', kind: 'ungrounded', severity: 'medium', title: '<b>why</b>' },
    ]);
  });

  it('does not mark inside another mark', () => {
    const root = body('<p>Acme Corp</p>');
    markFindings(root, [highlight('Acme Corp'), highlight('Corp')]);
    expect(marks(root).map((m) => m.text)).toEqual(['Acme Corp']);
  });

  it('unmarks back to the original text nodes', () => {
    const html = '<p>Congrats on the <b>Series B</b> round.</p>';
    const root = body(html);
    markFindings(root, [highlight('Series B'), highlight('round')]);
    expect(root.querySelectorAll('mark')).toHaveLength(2);
    unmarkFindings(root);
    expect(root.innerHTML).toBe(html);
    expect(root.querySelector('p')?.childNodes).toHaveLength(3);
  });
});

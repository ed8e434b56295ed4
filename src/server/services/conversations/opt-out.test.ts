import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyInbound } from './classify';
import { parseHeaderOnlyMessage } from './inbound-message';

const CORPUS = new URL('../../../../test/fixtures/opt-out/', import.meta.url);
const QUOTE = `
On Mon, Nov 30, 2026 at 10:00 AM Alice Example <alice@example.com> wrote:
> Hi,
> Are you planning any changes to your logistics setup in Q4?
> Not interested? Reply "unsubscribe" or "stop" and I will not write again.`;

type Case = { language: string; request: boolean; label: string; text: string };

/** The hand-written replies of test/fixtures/opt-out, one file per language. */
function corpus(): Case[] {
  return readdirSync(CORPUS)
    .filter((f) => f.endsWith('.txt'))
    .flatMap((file) => {
      const language = file.replace(/\.txt$/, '');
      return readFileSync(new URL(file, CORPUS), 'utf8')
        .split(/^=== /m)
        .filter((block) => block.trim() !== '')
        .map((block) => {
          const [head, ...body] = block.split('\n');
          const [kind, label] = head!.split(/:\s*/, 2) as [string, string];
          if (kind !== 'request' && kind !== 'keep') throw new Error(`${file}: bad block "${head}"`);
          return {
            language,
            request: kind === 'request',
            label,
            text: body.join('\n').replace('{{QUOTE}}', QUOTE),
          };
        });
    });
}

function asksToLeave(text: string) {
  const msg = parseHeaderOnlyMessage([
    { name: 'From', value: 'Bob <bob@example.org>' },
    { name: 'To', value: 'alice@example.com' },
    { name: 'Subject', value: 'Re: Quick question' },
    { name: 'Date', value: 'Mon, 30 Nov 2026 10:00:00 +0000' },
  ]);
  return classifyInbound({ ...msg, text }, { address: 'alice@example.com' }).kind === 'unsubscribe-request';
}

describe('opt-out requests written in a reply, on the hand-written corpus', () => {
  const cases = corpus();
  const languages = [...new Set(cases.map((c) => c.language))].sort();
  const results = cases.map((c) => ({ ...c, found: asksToLeave(c.text) }));

  it('has at least eight requests and some hard negatives in each of seven languages', () => {
    expect(languages).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pt']);
    for (const language of languages) {
      const of = cases.filter((c) => c.language === language);
      expect(of.filter((c) => c.request).length, language).toBeGreaterThanOrEqual(8);
      expect(of.filter((c) => !c.request).length, language).toBeGreaterThanOrEqual(5);
    }
  });

  it('never takes a no, a not now, a question or a quoted footer for a request (precision 1.0)', () => {
    const wrong = results.filter((r) => !r.request && r.found).map((r) => `${r.language}: ${r.label}`);
    expect(wrong).toEqual([]);
  });

  it('finds at least 90 % of the requests in every language', () => {
    const table = languages.map((language) => {
      const requests = results.filter((r) => r.language === language && r.request);
      const found = requests.filter((r) => r.found).length;
      return { language, found, of: requests.length, recall: found / requests.length };
    });
    console.info(table.map((t) => `${t.language} ${t.found}/${t.of}`).join(', '));
    const missed = results.filter((r) => r.request && !r.found).map((r) => `${r.language}: ${r.label}`);
    const total = results.filter((r) => r.request);
    expect(missed.length / total.length, missed.join('; ')).toBeLessThanOrEqual(0.05);
    for (const t of table)
      expect(t.recall, `${t.language}: ${missed.join('; ')}`).toBeGreaterThanOrEqual(0.875);
  });
});

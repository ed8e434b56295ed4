import { readdirSync, readFileSync } from 'node:fs';
import { ANSWER_CATEGORIES, type AnswerCategory } from '../../../contract/answers';
import { type InboundMessage, parseHeaderOnlyMessage } from './inbound-message';

/**
 * The hand-written answers of test/fixtures/replies (its README describes the format), read into
 * messages as the mailbox sync would see them, each with the category a person gave it. For the
 * category rules' measurements (reply-category.test.ts) and the AI wiring's.
 */
export type CorpusCase = {
  language: string;
  note: string;
  label: AnswerCategory;
  /** Not now: the month ("2027-03") or the day ("2027-01-15") the reply names. */
  until: string | null;
  colleague: string | null;
  msg: InboundMessage;
};

export const CORPUS_SENDER = 'alice@example.com';
const CORPUS = new URL('../../../../test/fixtures/replies/', import.meta.url);
const QUOTE = `
On Mon, Nov 30, 2026 at 10:00 AM Alice Example <alice@example.com> wrote:
> Hi,
> Are you planning any changes to your delivery setup next year? Routewise plans routes and
> tracks deliveries for fleets like yours. Would a 20-minute call next week make sense?
> Alice
> Not interested? Reply "unsubscribe" and I will not write again.`;
const HEAD = /^=== ([a-z-]+)((?: [a-z]+=[^\s:]+)*): (.*)$/;

/**
 * The corpus, or its held-out batch (`holdout/`): 84 answers written after the rules were tuned on
 * the rest, by a writer who had not seen it, so its figures say how the rules fare on new words.
 */
export function readReplyCorpus(batch: 'tuned' | 'holdout' = 'tuned'): CorpusCase[] {
  const folder = batch === 'holdout' ? new URL('holdout/', CORPUS) : CORPUS;
  return readdirSync(folder)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .flatMap((file) => {
      const language = file.replace(/\.txt$/, '');
      return readFileSync(new URL(file, folder), 'utf8')
        .split(/^(?==== )/m)
        .filter((block) => block.trim() !== '')
        .map((block) => readCase(language, block, file));
    });
}

function readCase(language: string, block: string, file: string): CorpusCase {
  const [head, ...lines] = block.replace(/\r\n?/g, '\n').split('\n');
  const m = HEAD.exec(head!);
  if (!m || !(ANSWER_CATEGORIES as readonly string[]).includes(m[1]!))
    throw new Error(
      `${file}: a block starts with "${head}", not "=== <category>[ until=…][ colleague=…]: <note>"`,
    );
  const attributes = Object.fromEntries(
    m[2]!
      .trim()
      .split(' ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  const headers: { name: string; value: string }[] = [];
  let report: InboundMessage['report'] = null;
  while (lines[0]?.startsWith('@')) {
    const line = lines.shift()!.slice(1);
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === 'report') {
      const [status, action, recipient] = value.split(/\s+/);
      report = {
        reportType: 'delivery-status',
        recipients: [
          {
            finalRecipient: recipient ?? null,
            action: action ?? null,
            status: status ?? null,
            diagnosticCode: null,
          },
        ],
        originalMessageId: null,
      };
    } else headers.push({ name, value });
  }
  const has = (name: string) => headers.some((h) => h.name.toLowerCase() === name);
  const msg = parseHeaderOnlyMessage([
    ...(has('from')
      ? []
      : [
          {
            name: 'From',
            value: report ? 'Mail Delivery System <MAILER-DAEMON@mx.example.org>' : 'Bob <bob@example.org>',
          },
        ]),
    { name: 'To', value: CORPUS_SENDER },
    { name: 'Date', value: 'Mon, 30 Nov 2026 15:00:00 +0000' },
    ...(has('subject') ? [] : [{ name: 'Subject', value: 'Re: Quick question about your deliveries' }]),
    ...headers,
  ]);
  return {
    language,
    note: m[3]!,
    label: m[1] as AnswerCategory,
    until: attributes.until ?? null,
    colleague: attributes.colleague ?? null,
    msg: { ...msg, report, text: lines.join('\n').replace('{{QUOTE}}', QUOTE).trim() },
  };
}

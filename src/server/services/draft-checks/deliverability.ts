import type { Finding } from '../../../contract/draft-findings';
import { DEFAULT_PLACEHOLDERS } from '../../../contract/placeholders';
import { type DraftText, wordsOf } from './draft-text';

/** Gmail cuts a message's HTML off ("[Message clipped]") from 102 KB, hiding the footer with it. */
export const GMAIL_CLIP_BYTES = 102 * 1024;

/**
 * Phrases spam filters and readers take for a mass mailing. Whole phrases only: single words such
 * as "free" are too common in honest email to flag.
 */
const SPAM_PHRASES = [
  'act now',
  'buy now',
  'order now',
  'click here',
  'click below',
  '100% free',
  '100% guaranteed',
  'risk-free',
  'risk free',
  'no obligation',
  'no strings attached',
  'limited time offer',
  'once in a lifetime',
  'you have been selected',
  "you've been selected",
  'congratulations, you',
  'cash bonus',
  'make money',
  'earn money',
  'double your',
  'free gift',
  'special promotion',
  'urgent response',
  'dear friend',
  'winner!',
  '$$$',
  '!!!',
];

/** Placeholders an AI or a person left for someone else to fill: "[First Name]", "[insert link]". */
const BRACKET_PLACEHOLDER =
  /\[[^\]\n]{0,40}\b(?:name|company|insert|recipient|first|last|title|date|link|number|city|position|role|industry|product|x{2,})\b[^\]\n]{0,40}\]/gi;
const TEMPLATE_LEFTOVER = /\{\{[^}]*\}\}|\{%[^%]*%\}/g;
const DOMAIN = /\b(?:https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,})\b/i;

const finding = (severity: Finding['severity'], reason: string, span: Finding['span'] = null): Finding => ({
  kind: 'deliverability',
  severity,
  span,
  reason,
});

function hostOf(url: string) {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The same site: equal hosts, or one a subdomain of the other. */
const sameSite = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);

export function deliverabilityFindings(
  subject: string,
  body: DraftText,
  missingValues: readonly string[],
): Finding[] {
  const found: Finding[] = [];
  const letters = subject.match(/\p{L}/gu) ?? [];
  const upper = subject.match(/\p{Lu}/gu) ?? [];
  if (letters.length >= 6 && upper.length / letters.length >= 0.6)
    found.push(
      finding('medium', 'The subject is in capitals, which reads as shouting and as spam', {
        field: 'subject',
        text: subject,
      }),
    );

  for (const [field, text] of [
    ['subject', subject],
    ['body', body.text],
  ] as const) {
    const lower = text.toLowerCase();
    for (const phrase of SPAM_PHRASES) {
      const at = lower.indexOf(phrase);
      if (at >= 0)
        found.push(
          finding('medium', `"${phrase}" is a phrase spam filters look for`, {
            field,
            text: text.slice(at, at + phrase.length),
          }),
        );
    }
    for (const m of text.matchAll(TEMPLATE_LEFTOVER))
      found.push(finding('high', 'A template placeholder was left unfilled', { field, text: m[0] }));
    for (const m of text.matchAll(BRACKET_PLACEHOLDER))
      found.push(finding('high', 'A placeholder was left for someone to fill in', { field, text: m[0] }));
    const lowerText = text.toLowerCase();
    for (const placeholder of Object.values(DEFAULT_PLACEHOLDERS)) {
      const at = lowerText.indexOf(placeholder.toLowerCase());
      if (
        at >= 0 &&
        !found.some((f) => f.span?.field === field && f.span.text.toLowerCase() === placeholder.toLowerCase())
      )
        found.push(
          finding('high', 'A placeholder was left for someone to fill in', {
            field,
            text: text.slice(at, at + placeholder.length),
          }),
        );
    }
  }

  for (const name of missingValues)
    found.push(
      finding('high', `The recipient has no value for "${name}", so the text around it may read wrong`),
    );

  const words = wordsOf(body.text).length;
  if (words < 3)
    found.push(finding('high', 'The email has no text of its own: only the footer would be left'));
  if (body.links.length >= 4 && words / body.links.length < 40)
    found.push(
      finding(
        'low',
        `${body.links.length} links in ${words} words: links crowding the text look like a mass mailing`,
      ),
    );
  if (body.images > 0 && words / body.images < 50)
    found.push(finding('low', 'Mostly images and little text: filters read that as a flyer'));
  for (const link of body.links) {
    const shown = DOMAIN.exec(link.text)?.[1]
      ?.toLowerCase()
      .replace(/^www\./, '');
    const target = hostOf(link.href);
    if (shown && target && !sameSite(shown, target))
      found.push(
        finding('medium', `The link shows ${shown} but leads to ${target}, as phishing links do`, {
          field: 'body',
          text: link.text,
        }),
      );
  }
  if (body.htmlBytes >= GMAIL_CLIP_BYTES)
    found.push(
      finding(
        'medium',
        `The email is ${Math.round(body.htmlBytes / 1024)} KB: Gmail clips it from 102 KB, hiding the rest and the unsubscribe link`,
      ),
    );
  return found;
}

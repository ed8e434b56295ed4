import type { Finding } from '../../../contract/draft-findings';
import { DEFAULT_PLACEHOLDERS } from '../../../contract/placeholders';
import { type DraftText, wordsOf } from './draft-text';
import { emptyGreetingFindings } from './greeting';

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
  'winner!',
  '$$$',
  '!!!',
  // French, German, Spanish.
  'cliquez ici',
  'sans engagement',
  '100 % gratuit',
  'jetzt kaufen',
  'klicken sie hier',
  'haga clic aquí',
  'sin compromiso',
];

/** A phrase as a whole: "act now" in "Act now!", not in "impact now" or "contract now". */
const phrasePattern = (phrase: string) =>
  new RegExp(
    `${/^[\p{L}\p{N}]/u.test(phrase) ? '(?<![\\p{L}\\p{N}])' : ''}${phrase.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')}${/[\p{L}\p{N}]$/u.test(phrase) ? '(?![\\p{L}\\p{N}])' : ''}`,
    'iu',
  );
/** All phrases in one pattern, so a text is read once however long the list grows. */
const SPAM_PATTERN = new RegExp(SPAM_PHRASES.map((p) => phrasePattern(p).source).join('|'), 'giu');
/** "Dear friend" opening a message is a mass mailing's greeting; "a dear friend of mine" is not. */
const MASS_GREETING = /^\s*dear friend\b/i;
/** A file name in link text ("report.pdf") is not a site. */
const FILE_EXTENSION = /\.(?:pdf|docx?|xlsx?|pptx?|csv|txt|png|jpe?g|gif|zip)$/i;

/**
 * Placeholders an AI or a person left for someone else to fill, in the four languages: "[First
 * Name]", "[insert link]", "[Firma]", "[Nom de la clinique]", "[Clinique]", "[Nombre]". The words are
 * what such a gap stands for: a person's name and role, the recipient's organisation (a company,
 * a practice, a clinic, a school), a place, a date, a link or a detail.
 */
const PLACEHOLDER_WORDS = [
  'name|company|insert|recipient|first|last|title|date|link|number|city|position|role|industry|product|topic|event|benefit|detail|location|organi[sz]ation|business|practice|clinic|school|x{2,}',
  'vorname|nachname|firma|unternehmen|firmenname|datum|stadt|ort|branche|produkt|praxis|klinik|schule|einfügen',
  'prénom|nom|entreprise|société|ville|poste|secteur|produit|lien|insérer|cabinet|clinique|école',
  'nombre|apellido|empresa|compañía|ciudad|cargo|fecha|enlace|insertar|clínica|escuela|consulta',
].join('|');
const BRACKET_PLACEHOLDER = new RegExp(
  `\\[[^\\]\\n]{0,40}(?<![\\p{L}])(?:${PLACEHOLDER_WORDS})(?![\\p{L}])[^\\]\\n]{0,40}\\]`,
  'giu',
);
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

/**
 * `missingValues`: the fixed template's variables the recipient had no value for (an AI draft's
 * are not passed here: see missingValueNotes).
 */
export function deliverabilityFindings(
  subject: string,
  body: DraftText,
  missingValues: readonly string[],
): Finding[] {
  const found: Finding[] = [];
  // Letters of words of five or more: acronyms ("EU AI Act: FAQ") are not shouting.
  const long = subject.match(/\p{L}{5,}/gu)?.join('') ?? '';
  const upper = long.match(/\p{Lu}/gu) ?? [];
  if (long.length >= 5 && upper.length / long.length >= 0.6)
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
    const seen = new Set<string>();
    for (const m of text.matchAll(SPAM_PATTERN)) {
      const phrase = m[0].toLowerCase();
      if (seen.has(phrase)) continue;
      seen.add(phrase);
      found.push(finding('medium', `"${phrase}" is a phrase spam filters look for`, { field, text: m[0] }));
    }
    const greeting = field === 'body' ? MASS_GREETING.exec(text) : null;
    if (greeting)
      found.push(
        finding('medium', '"Dear friend" is how mass mailings open', { field, text: greeting[0].trim() }),
      );
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

  found.push(...emptyGreetingFindings(subject, body.text));

  // A fixed template's text is written around the value: without it that text may read wrong.
  for (const name of missingValues)
    found.push(
      finding('high', `The recipient has no value for "${name}", so the text around it may read wrong`),
    );

  // Empty is broken (only the footer would go out); a greeting alone is more likely a template slip.
  const words = wordsOf(body.text).length;
  if (words === 0)
    found.push(finding('high', 'The email has no text of its own: only the footer would be left'));
  else if (words < 3) found.push(finding('low', 'The email says almost nothing beyond a greeting'));
  if (body.links.length >= 4 && words / body.links.length < 40)
    found.push(
      finding(
        'low',
        `${body.links.length} links in ${words} words: links crowding the text look like a mass mailing`,
      ),
    );
  // One logo in a signature is not a flyer; several images, or one with almost no text, are.
  if ((body.images >= 2 && words / body.images < 50) || (body.images >= 1 && words < 20))
    found.push(finding('low', 'Mostly images and little text: filters read that as a flyer'));
  for (const link of body.links) {
    const shown = DOMAIN.exec(link.text)?.[1]
      ?.toLowerCase()
      .replace(/^www\./, '');
    const target = hostOf(link.href);
    if (shown && target && !FILE_EXTENSION.test(shown) && !sameSite(shown, target))
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
